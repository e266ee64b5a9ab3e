// Type declarations for the untyped benchmark dependencies (only what bench/ uses).
declare module 'wink-bm25-text-search' {
  type Task = (input: unknown) => unknown;
  interface Engine {
    defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: { k1?: number; b?: number; k?: number } }): boolean;
    definePrepTasks(tasks: Task[], field?: string): number;
    addDoc(doc: Record<string, string>, id: number | string): number;
    consolidate(fp?: number): boolean;
    search(text: string, limit?: number): [string, number][];
  }
  export default function bm25(): Engine;
}

declare module 'wink-nlp-utils' {
  type Task = (input: never) => unknown;
  const nlp: {
    string: { lowerCase: Task; removeExtraSpaces: Task; tokenize0: Task };
    tokens: { removeWords: Task; stem: Task; propagateNegations: Task };
  };
  export default nlp;
}
