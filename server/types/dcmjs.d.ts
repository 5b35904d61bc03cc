/** The part of dcmjs (no types of its own) that the server uses: reading and writing Part 10. */
declare module 'dcmjs' {
  type Dict = Record<string, { vr: string; Value?: unknown[]; [key: string]: unknown }>;
  class DicomDict {
    constructor(meta: Dict);
    meta: Dict;
    dict: Dict;
    write(options?: Record<string, unknown>): ArrayBuffer;
  }
  const dcmjs: {
    log: { setLevel?: (level: string) => void };
    data: {
      DicomDict: typeof DicomDict;
      DicomMessage: { readFile(buffer: ArrayBuffer, options?: Record<string, unknown>): DicomDict };
      DicomMetaDictionary: {
        denaturalizeDataset(dataset: Record<string, unknown>): Dict;
        naturalizeDataset(dict: Dict): Record<string, unknown>;
      };
    };
  };
  export default dcmjs;
}
