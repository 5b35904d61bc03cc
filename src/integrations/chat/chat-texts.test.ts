import { describe, expect, it } from 'vitest';
import { chatEnAU, chatMk } from './chat-texts';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);

describe('the texts written into the conversation', () => {
  it('mk has the keys and placeholders of en-AU (R-9-29)', () => {
    expect(Object.keys(chatMk).sort()).toEqual(Object.keys(chatEnAU).sort());
    for (const [key, text] of Object.entries(chatEnAU))
      expect(placeholders(chatMk[key as keyof typeof chatMk]), key).toEqual(placeholders(text));
  });
});
