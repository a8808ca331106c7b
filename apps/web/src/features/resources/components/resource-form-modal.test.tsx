import { Toast } from '@heroui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESOURCE_IMAGE_MAX_BYTES, type Resource, ResourceMessages } from '@toolpass/contracts';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aResource } from '../../../test/resource-fixture.ts';
import { ResourceFormModal } from './resource-form-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const savedResource = aResource({
  id: 12,
  name: 'Laser cutter',
});

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The multipart form of the first call. */
function sentForm(fetch: ReturnType<typeof answer>): { path: string; method: string; form: FormData } {
  const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  return { path, method: String(init.method), form: init.body as FormData };
}

function ResourcePageStandIn() {
  return <p>Resource page {useParams().id}</p>;
}

function renderForm(resource?: Resource) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Toast.Provider />
      <MemoryRouter initialEntries={['/resources']}>
        <Routes>
          <Route
            path="/resources"
            element={<ResourceFormModal isOpen onOpenChange={() => undefined} resource={resource} />}
          />
          <Route path="/resources/:id" element={<ResourcePageStandIn />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The picker's `accept` filter would drop refused files before the form saw them.
const user = () => userEvent.setup({ applyAccept: false });
const fileInput = () => screen.getByLabelText('Image', { selector: 'input[type="file"]' });

describe('ResourceFormModal', () => {
  it('creates the resource with its image and opens it', async () => {
    const fetch = answer(201, savedResource);
    renderForm();
    await user().type(screen.getByRole('textbox', { name: /Name/ }), '  Laser cutter ');
    await user().type(screen.getByRole('textbox', { name: 'Description' }), 'Cuts wood');
    await user().click(screen.getByRole('switch', { name: 'Allow takeover by other users' }));
    await user().upload(fileInput(), new File(['png'], 'laser.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Image preview' })).toBeTruthy();
    await user().click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Resource page 12')).toBeTruthy();
    const { path, method, form } = sentForm(fetch);
    expect([method, path]).toEqual(['POST', '/api/resources']);
    expect(form.get('name')).toBe('Laser cutter');
    expect(form.get('description')).toBe('Cuts wood');
    expect(form.get('allowTakeOver')).toBe('true');
    expect((form.get('image') as File).name).toBe('laser.png');
    expect(form.has('deleteImage')).toBe(false);
  });

  it('refuses a file that is not a JPEG, PNG or WebP image and keeps nothing selected', async () => {
    const fetch = answer(201, savedResource);
    renderForm();
    await user().type(screen.getByRole('textbox', { name: /Name/ }), 'Laser cutter');
    await user().upload(fileInput(), new File(['gif'], 'laser.gif', { type: 'image/gif' }));

    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(screen.getByText('Please upload a valid image file (JPEG, PNG, WebP)')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Image preview' })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Resource page 12');
    expect(sentForm(fetch).form.has('image')).toBe(false);
  });

  it('refuses an image over 10 MB', async () => {
    answer(201, savedResource);
    renderForm();
    const tooLarge = new File([new Uint8Array(RESOURCE_IMAGE_MAX_BYTES + 1)], 'huge.png', {
      type: 'image/png',
    });
    await user().upload(fileInput(), tooLarge);

    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(screen.getByText('File size must be less than 10MB')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Image preview' })).toBeNull();
  });

  it('removing the image of an existing resource sends deleteImage', async () => {
    const existing = { ...savedResource, id: 5, imageFilename: `${'a'.repeat(32)}.webp` };
    const fetch = answer(200, { ...existing, imageFilename: null });
    renderForm(existing);
    expect(screen.getByRole('img', { name: 'Image preview' }).getAttribute('src')).toBe(
      `/api/resources/images/${existing.imageFilename}`,
    );
    await user().click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByText('No image')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Resource Updated')).toBeTruthy();
    const { path, method, form } = sentForm(fetch);
    expect([method, path]).toEqual(['PUT', '/api/resources/5']);
    expect(form.get('name')).toBe('Laser cutter');
    expect(form.get('deleteImage')).toBe('true');
    expect(form.has('image')).toBe(false);
  });

  it("drops the server's message under a field once it is edited, so the form can be sent again", async () => {
    const refused = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid input data.',
      errors: { maxSessionMinutes: [ResourceMessages.positiveWholeNumber] },
      requestId: 'r',
    };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify(refused), { status: 400 }))
      .mockResolvedValueOnce(new Response(JSON.stringify(savedResource), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderForm(savedResource);
    const maxMinutes = screen.getByRole('spinbutton', { name: 'Maximum session length (minutes)' });
    await user().type(maxMinutes, '90');
    await user().click(screen.getByRole('button', { name: 'Update' }));

    const message = 'Enter a whole number of at least 1, or leave it empty';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(maxMinutes.getAttribute('aria-invalid')).toBe('true');

    await user().type(maxMinutes, '0');
    expect(screen.queryByText(message)).toBeNull();
    expect(maxMinutes.getAttribute('aria-invalid')).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Resource Updated')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('tells when the resource could not be created', async () => {
    answer(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom', requestId: 'r' });
    renderForm();
    await user().type(screen.getByRole('textbox', { name: /Name/ }), 'Laser cutter');
    await user().click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Error Creating Resource')).toBeTruthy();
    expect(screen.getByText('Could not create the resource. Please try again.')).toBeTruthy();
  });
});
