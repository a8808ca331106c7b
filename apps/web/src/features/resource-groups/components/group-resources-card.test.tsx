import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resource } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { GroupResourcesCard } from './group-resources-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const group = {
  id: 3,
  name: 'Wood shop',
  description: null,
  introductionValidForDays: null,
  introductionExpiresAfterUnusedDays: null,
};
const resource = (id: number, name: string, inGroup: boolean): Resource =>
  ({
    id,
    name,
    description: null,
    imageFilename: null,
    allowTakeOver: false,
    groups: inGroup ? [group] : [],
  }) as unknown as Resource;
const page = (data: Resource[]) => ({ data, total: data.length, page: 1, totalPages: 1 });

const renderCard = (canEdit: boolean) =>
  renderRoute(<GroupResourcesCard group={group} canEdit={canEdit} />, {
    path: '/resource-groups/3',
    pattern: '/resource-groups/:groupId',
  });

describe('the resources of a group', () => {
  it('tells a member that there are none yet, without controls', async () => {
    fakeApi({ 'GET /api/resources': { status: 200, body: page([]) } });
    renderCard(false);
    expect(await screen.findByText('No resources in this group yet')).toBeTruthy();
    expect(screen.getByText('A resource manager can add resources to it.')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('removes a resource only after the manager confirms', async () => {
    let members = [resource(7, 'Band saw', true)];
    const sent = fakeApi({
      'GET /api/resources': () => ({ status: 200, body: page(members) }),
      'DELETE /api/resource-groups/3/resources/7': () => {
        members = [];
        return { status: 200, body: resource(7, 'Band saw', false) };
      },
    });
    renderCard(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Band saw from the group' }));
    const question = await screen.findByRole('alertdialog', { name: 'Remove "Band saw" from "Wood shop"?' });
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(within(question).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No resources in this group yet')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('adds a resource found by name through the group route', async () => {
    let members: Resource[] = [];
    const sent = fakeApi({
      'GET /api/resources': () => ({
        status: 200,
        body: page(members.length > 0 ? members : [resource(9, 'Planer', false)]),
      }),
      'POST /api/resource-groups/3/resources/9': () => {
        members = [resource(9, 'Planer', true)];
        return { status: 200, body: members[0] };
      },
    });
    renderCard(true);
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Add a resource' }), 'Plan');
    await userEvent.click(await screen.findByRole('option', { name: 'Planer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Planer now belongs to Wood shop.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST' && request.path.endsWith('/resources/9'))).toBe(
      true,
    );
  });
});
