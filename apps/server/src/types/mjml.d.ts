// mjml 5 renders asynchronously; the community typings still describe the synchronous v4 API.
declare module 'mjml' {
  type MjmlError = { line: number; message: string; tagName: string; formattedMessage: string };
  /** The parsed template: what the validator walked, with each tag's line and text content. */
  type MjmlNode = { tagName: string; line?: number; content?: string; children?: MjmlNode[] };
  type MjmlResult = { html: string; errors: MjmlError[]; json: MjmlNode };
  type MjmlOptions = {
    validationLevel?: 'strict' | 'soft' | 'skip';
    minify?: boolean;
    keepComments?: boolean;
    ignoreIncludes?: boolean;
  };
  export default function mjml2html(mjml: string, options?: MjmlOptions): Promise<MjmlResult>;
}
