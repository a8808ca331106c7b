// mjml 5 renders asynchronously; the community typings still describe the synchronous v4 API.
declare module 'mjml' {
  type MjmlError = { line: number; message: string; tagName: string; formattedMessage: string };
  type MjmlResult = { html: string; errors: MjmlError[] };
  type MjmlOptions = {
    validationLevel?: 'strict' | 'soft' | 'skip';
    minify?: boolean;
    keepComments?: boolean;
  };
  export default function mjml2html(mjml: string, options?: MjmlOptions): Promise<MjmlResult>;
}
