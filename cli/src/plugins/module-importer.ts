/** Imports an ES module by its URL: a third-party plugin's entry (plugin-candidates.ts). */
export type ModuleImporter = (url: string) => Promise<unknown>;

let importer: ModuleImporter = (url) => import(url);

export function importModule(url: string): Promise<unknown> {
  return importer(url);
}

/**
 * dist/print.cjs runs as a vm.Script (code-cache.ts), where `import()` goes through a loader that Node calls
 * experimental and warns about on stderr at every use. The command (bin.ts), a file Node loaded itself, hands its
 * own `import()` instead.
 */
export function useModuleImporter(next: ModuleImporter): void {
  importer = next;
}
