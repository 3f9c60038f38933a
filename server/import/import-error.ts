/** An import failure a person can act on: it names the file and line where it can. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly lineNumber?: number,
  ) {
    super(file ? `${file}${lineNumber ? `:${lineNumber}` : ''}: ${message}` : message);
    this.name = 'ImportError';
  }
}
