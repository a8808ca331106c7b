import { RESOURCE_IMAGE_MAX_BYTES } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_MEGABYTES, imageFileProblem } from './image-file-check.ts';

describe('imageFileProblem', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp'])('accepts %s up to the size limit', (type) => {
    expect(imageFileProblem({ type, size: RESOURCE_IMAGE_MAX_BYTES })).toBeNull();
  });

  it.each(['image/gif', 'image/svg+xml', 'application/pdf', ''])('refuses the type %j', (type) => {
    expect(imageFileProblem({ type, size: 10 })).toBe('invalidType');
  });

  it('refuses a file one byte over the limit', () => {
    expect(imageFileProblem({ type: 'image/png', size: RESOURCE_IMAGE_MAX_BYTES + 1 })).toBe('tooLarge');
  });

  it('names the limit in megabytes as the message states it', () => {
    expect(IMAGE_MAX_MEGABYTES).toBe(10);
  });
});
