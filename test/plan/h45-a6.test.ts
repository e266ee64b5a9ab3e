// Session 45 second reading, part a6 (issue 32, notes/h45-a6.md, seed 20261402): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h45a6-');
const { mcp } = outputs;

// minutes +export-pack --include-media (executeMinutesExportPack, internal/shortcut/minutes/workflows.go:557-565@c7521c1c)
// downloads through localio.Download with PreferredName id + mediaExtension(url) into the pack's media/ directory, so the
// file is named SafeFilename(<taskUuid><ext>, url) (localio/download.go:224-234, :281-293, sanitizeFilename :455-475):
// mediaExtension is filepath.Ext of the path url.Parse decodes, lower-cased, none above 10 bytes (alignment.go:587-597).
// The sibling minutes +download reads them so since h35-edge; before this, +export-pack read the extension from the
// URL's last segment after trailing slashes were cut and took <taskUuid><ext> as it was.
describe('minutes +export-pack --include-media names the media file as SafeFilename(<taskUuid><ext>, url) (workflows.go:557-565, localio/download.go:281-293@c7521c1c)', () => {
  const pack = async (id: string, url: string) => {
    mcp.calls.length = 0;
    // the fake server serves /files/<first segment> (test/fixtures/mcp/server.ts), so b.mp3/ is served as b.mp3
    mcp.files[decodeURIComponent(url.split('/')[0])] = Buffer.from('MEDIA');
    mcp.answers['minutes/list_minutes_todos'] = () => ({ result: { actions: [] } });
    mcp.answers['minutes/query_minutes_audio_url'] = () => ({ success: true, result: { url: `${mcp.base}/files/${url}` } });
    const r = await outputs.timed(['minutes', '+export-pack', '--id', id, '--output', 'pack', '--artifacts', 'todos', '--include-media']);
    const files = (r.result as { files?: { media?: { file: string } } } | undefined)?.files;
    return files?.media?.file ?? r.outcome.error?.reason;
  };
  it.each([
    ['an escaped dot (url.Parse decodes it before filepath.Ext)', 'u1', 'b%2EMP3', 'media/u1.mp3'],
    ['a segment that is all extension (filepath.Ext(".mp3") is ".mp3")', 'u1', '.MP3', 'media/u1.mp3'],
    ['a bare trailing dot: ext "." ends the id\'s name in a dot, refused; so is the URL\'s name, so "download" (before: u1)', 'u1', 'b.', 'media/download'],
    ['a path ending in a slash has no extension (filepath.Ext of ".../b.mp3/" is ""; before: u1.mp3)', 'u1', 'b.mp3/', 'media/u1'],
    ['an extension over 10 bytes in UTF-8 (len(ext) > 10)', 'u1', 'b.音频文件', 'media/u1'],
    ['an id sanitizeFilename refuses gives the URL\'s name, decoded twice (before: the id\'s name)', 'q?', 'A%2541.MP3', 'media/AA.MP3'],
    ['an id that is a Windows device stem gives the URL\'s name (before: CON.mp3)', 'CON', 'rec.mp3', 'media/rec.mp3'],
  ])('%s', async (_name, id, url, file) => {
    expect(await pack(id, url)).toBe(file);
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([['list_minutes_todos', { taskUuid: id }], ['query_minutes_audio_url', { taskUuid: id }]]);
  });
});
