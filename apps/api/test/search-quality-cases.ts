/**
 * Thirty searches a shopper types on the demo catalogue, and the product each of them means. The search
 * tests pin the first result of each on both databases (search-quality.test.ts); `bench/search-quality.ts`
 * prints their top three as the table in docs/benchmarks.md. A `first` of null: nothing should be found.
 */
export type SearchCaseKind = 'exact title' | 'word' | 'prefix' | 'typo' | 'several words' | 'no match';

export interface SearchCase {
  kind: SearchCaseKind;
  query: string;
  first: string | null;
}

export const SEARCH_QUALITY_CASES: readonly SearchCase[] = [
  { kind: 'exact title', query: 'Aurora AI Writer', first: 'Aurora AI Writer' },
  { kind: 'exact title', query: 'Harborline Backup Pro', first: 'Harborline Backup Pro' },
  { kind: 'exact title', query: 'Launchframe Landing Page Kit', first: 'Launchframe Landing Page Kit' },
  { kind: 'exact title', query: 'tintwell color grading plugin', first: 'Tintwell Color Grading Plugin' },
  { kind: 'exact title', query: 'Promptcraft Academy Membership', first: 'Promptcraft Academy Membership' },
  { kind: 'word', query: 'backup', first: 'Harborline Backup Pro' },
  { kind: 'word', query: 'video', first: 'Forgeline Video Editor' },
  { kind: 'word', query: 'security', first: 'Wardenly Security Suite' },
  { kind: 'word', query: 'dashboard', first: 'Tallyfold Finance Dashboard Template' },
  { kind: 'word', query: 'typescript', first: 'Brightforge Full-Stack TypeScript Bootcamp' },
  { kind: 'word', query: 'antivirus', first: 'Wardenly Security Suite' },
  { kind: 'word', query: 'reverb', first: 'Echoform Audio Plugin Bundle' },
  { kind: 'prefix', query: 'lumo', first: 'Lumora Image Studio' },
  { kind: 'prefix', query: 'harb', first: 'Harborline Backup Pro' },
  { kind: 'prefix', query: 'quill', first: 'Quillstone Office Lifetime License' },
  { kind: 'prefix', query: 'aurora ai wr', first: 'Aurora AI Writer' },
  { kind: 'prefix', query: 'tally', first: 'Tallyfold Finance Dashboard Template' },
  { kind: 'prefix', query: 'echo', first: 'Echoform Audio Plugin Bundle' },
  { kind: 'typo', query: 'lumra', first: 'Lumora Image Studio' },
  { kind: 'typo', query: 'harbourline', first: 'Harborline Backup Pro' },
  { kind: 'typo', query: 'wardenlly', first: 'Wardenly Security Suite' },
  { kind: 'typo', query: 'typscript', first: 'Brightforge Full-Stack TypeScript Bootcamp' },
  { kind: 'typo', query: 'forgline video', first: 'Forgeline Video Editor' },
  { kind: 'typo', query: 'promptcarft', first: 'Promptcraft Academy Membership' },
  { kind: 'several words', query: 'ai writer', first: 'Aurora AI Writer' },
  { kind: 'several words', query: 'video editor', first: 'Forgeline Video Editor' },
  { kind: 'several words', query: 'color grading', first: 'Tintwell Color Grading Plugin' },
  { kind: 'several words', query: 'finance template', first: 'Tallyfold Finance Dashboard Template' },
  { kind: 'no match', query: 'xylophone', first: null },
  { kind: 'no match', query: 'zzzz', first: null },
];
