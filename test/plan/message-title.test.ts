// The transform message_title: upstream sanitizeTitleFromText + truncateTitleToBytes (helpers/chat.go:1226@c7521c1c).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';

const title = (v: unknown) => applyTransforms(['message_title'], v, '--text', { env: {} });

describe('message_title (upstream sanitizeTitleFromText)', () => {
  it('takes the trimmed text before the first link, 消息 for a blank text, a leading link or a %', () => {
    expect(title('周报 https://a.example/x')).toBe('周报');
    expect(title(' 看 http://a 然后 https://b')).toBe('看 http://a 然后');
    expect(title('   ')).toBe('消息');
    expect(title('https://a.example/x 周报')).toBe('消息');
    expect(title('完成 95%')).toBe('消息');
    expect(title('短标题')).toBe('短标题');
  });
  it('cuts at 30 code points and 97 bytes, adding ... only when something was cut', () => {
    expect(title('一'.repeat(30))).toBe('一'.repeat(30));
    expect(title('一'.repeat(31))).toBe(`${'一'.repeat(30)}...`);
    expect(title('😀'.repeat(25))).toBe(`${'😀'.repeat(24)}...`);
  });
  it('never exceeds 100 bytes and is a prefix of the text (or 消息)', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (s) => {
      const t = title(s) as string;
      expect(Buffer.byteLength(t, 'utf8')).toBeLessThanOrEqual(100);
      if (t !== '消息') expect(s.trim().startsWith(t.replace(/\.\.\.$/u, '')) || s.startsWith(t.replace(/\.\.\.$/u, ''))).toBe(true);
    }));
  });
  it('refuses what is not text', () => {
    expect(() => title(3)).toThrowError(expect.objectContaining({ reason: 'invalid_parameter' }));
  });
});
