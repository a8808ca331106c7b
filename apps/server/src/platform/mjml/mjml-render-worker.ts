import { platform, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import mjml2html from 'mjml';
import { htmlToText } from './html-to-text.ts';
import { describeMjmlError, listProblems, strayTextProblems, tagBalanceProblems } from './mjml-problems.ts';
import type { RenderReply, RenderRequest } from './mjml-renderer.ts';

/**
 * The render worker (decision 12): MJML's cost grows steeply with a template's shape, so it runs
 * here, off the server's event loop, where the pool can stop it. One render at a time.
 */
const port = parentPort;
if (!port) throw new Error('The MJML render worker runs as a worker thread');

// On Linux a thread has its own nice value: a long render yields the CPU to the event loop's
// thread, so requests are answered at once even on a machine with one or two cores. Elsewhere the
// value is the whole process's, so it stays as it is.
if (platform() === 'linux') setPriority(0, 10);

port.on('message', async (request: RenderRequest) => {
  let reply: RenderReply;
  try {
    // Includes stay off: a template must not read the server's files.
    const result = await mjml2html(request.mjml, { validationLevel: 'soft', ignoreIncludes: true });
    const mjmlErrors = result.errors.map(describeMjmlError);
    const unknown = new Set(mjmlErrors.filter((e) => e.code === 'unknownTag').map((e) => e.tagName));
    const problems = listProblems(
      [
        ...tagBalanceProblems(request.mjml),
        ...mjmlErrors,
        // An unknown tag's text is not shown either, but its name is what needs fixing.
        ...strayTextProblems(result.json).filter((problem) => !unknown.has(problem.tagName)),
      ],
      request.maxProblems,
    );
    reply = {
      id: request.id,
      ok: true,
      html: result.html,
      ...(request.withText ? { text: htmlToText(result.html) } : {}),
      problems,
    };
  } catch {
    // MJML that does not parse; its message names the server's working folder, so it stays here.
    reply = { id: request.id, ok: false };
  }
  port.postMessage(reply);
});

port.postMessage({ ready: true } satisfies RenderReply);
