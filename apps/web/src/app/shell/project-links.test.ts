import { describe, expect, it } from 'vitest';
import { issueReportUrl, PROJECT_URL } from './project-links.ts';

const environment = {
  browser: 'TestBrowser/1.0',
  screen: '1280x800',
  time: '2026-01-02T03:04:05.000Z',
  userId: 42,
  url: 'http://localhost:3000/users',
};

describe('issueReportUrl', () => {
  it('opens a new bug issue prefilled with browser, screen size, time, user id and url', () => {
    const url = new URL(issueReportUrl('bug', environment));
    expect(`${url.origin}${url.pathname}`).toBe(`${PROJECT_URL}/issues/new`);
    expect(url.searchParams.get('labels')).toBe('bug');
    const body = url.searchParams.get('body') ?? '';
    for (const part of [
      'TestBrowser/1.0',
      '1280x800',
      '2026-01-02T03:04:05.000Z',
      'User ID: 42',
      'localhost:3000/users',
    ]) {
      expect(body).toContain(part);
    }
  });

  it('labels feature requests as enhancements', () => {
    const url = new URL(issueReportUrl('feature', { ...environment, userId: undefined }));
    expect(url.searchParams.get('labels')).toBe('enhancement');
    expect(url.searchParams.get('body')).toContain('User ID: -');
  });
});
