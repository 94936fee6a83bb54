/**
 * Reads the fenced code blocks of the README and docs/ pages, with the markers the docs tests and
 * `npm run docs:sync` understand (see CONTRIBUTING.md, "Documentation"):
 * - `<!-- include examples/x.ts -->` before a block, `<!-- end -->` after it: the block is a copy of
 *   that file, kept in sync by `npm run docs:sync` and compared by the tests;
 * - `<!-- prelude: docs/preludes/x.ts -->` before a TypeScript block: the names the prelude exports
 *   are in scope when the tests compile the block;
 * - a shell block's info string `sh title="illustration"` (not run) or `sh title="run by FILE[, FILE]"`
 *   (each command of the block appears in one of those files, which run it).
 */

/** One fenced code block of a Markdown file. */
export interface CodeBlock {
  /** The Markdown file, relative to the repository. */
  file: string;
  /** The 1-based line of the opening fence. */
  line: number;
  /** The language, lowercased (`ts`, `sh`, …), or `''`. */
  lang: string;
  /** The `title="…"` of the info string, if any. */
  title: string | undefined;
  /** The block's text, with a final newline. */
  body: string;
  /** The file the block copies (`<!-- include … -->`), if any. */
  include: string | undefined;
  /** The prelude named before the block (`<!-- prelude: … -->`), if any. */
  prelude: string | undefined;
  /** Whether `<!-- end -->` follows the block (required after an included one). */
  ended: boolean;
}

const FENCE = /^(`{3,}|~{3,})\s*([\w+-]*)(.*)$/;
const INCLUDE = /^<!--\s*include\s+(\S+)\s*-->$/;
const PRELUDE = /^<!--\s*prelude:\s*(\S+)\s*-->$/;
const END = /^<!--\s*end\s*-->$/;

/** The fenced code blocks of `text`, in order. */
export function codeBlocks(file: string, text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const fence = open[1]!;
    let end = i + 1;
    const closes = (line: string) => {
      const trimmed = line.trim();
      return trimmed.length >= fence.length && trimmed === fence[0]!.repeat(trimmed.length);
    };
    while (end < lines.length && !closes(lines[end]!)) end++;
    const before = previousNonBlank(lines, i);
    const after = nextNonBlank(lines, end);
    const title = /title="([^"]*)"/.exec(open[3] ?? '')?.[1];
    blocks.push({
      file,
      line: i + 1,
      lang: open[2]!.toLowerCase(),
      title,
      body: lines.slice(i + 1, end).join('\n') + '\n',
      include: INCLUDE.exec(before ?? '')?.[1],
      prelude: PRELUDE.exec(before ?? '')?.[1],
      ended: END.test(after ?? ''),
    });
    i = end;
  }
  return blocks;
}

function previousNonBlank(lines: string[], index: number): string | undefined {
  for (let i = index - 1; i >= 0; i--) if (lines[i]!.trim() !== '') return lines[i]!.trim();
  return undefined;
}

function nextNonBlank(lines: string[], index: number): string | undefined {
  for (let i = index + 1; i < lines.length; i++) if (lines[i]!.trim() !== '') return lines[i]!.trim();
  return undefined;
}

/** The fence language of an included file, by its extension. */
export function languageOf(path: string): string {
  if (/\.(c|m)?tsx?$/.test(path)) return 'ts';
  if (path.endsWith('.py')) return 'python';
  if (path.endsWith('.json')) return 'json';
  return '';
}

/**
 * `text` with every included block replaced by the current content of its file (read by `read`),
 * fenced with as many backticks as the content needs.
 */
export function syncIncludes(text: string, read: (path: string) => string): string {
  return text.replace(/(<!--\s*include\s+(\S+)\s*-->\n)[\s\S]*?(\n<!--\s*end\s*-->)/g, (_all, marker: string, path: string, end: string) => {
    const content = read(path).replace(/\n?$/, '\n');
    const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
    const fence = '`'.repeat(longest + 1);
    return `${marker}${fence}${languageOf(path)}\n${content}${fence}${end}`;
  });
}

/** The commands of a shell block: its lines without comments, continuation or prompt, split at `&&`. */
export function shellCommands(body: string): string[] {
  return body
    .split('\n')
    .map((line) => line.replace(/^\$\s+/, '').replace(/\s+#.*$/, '').replace(/^#.*$/, '').trim())
    .filter((line) => line !== '')
    .flatMap((line) => line.split(/\s+&&\s+/))
    .map((command) => command.trim());
}

/** GitHub's anchor for a heading: lowercased, punctuation but `-` and `_` dropped, spaces to `-`. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside code blocks), numbered as GitHub numbers repeats. */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const open = /^(`{3,}|~{3,})/.exec(line);
    if (open) {
      if (fence === undefined) fence = open[1]![0];
      else if (line.startsWith(fence)) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1]!);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}
