import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { takePrerenderTitle } from './hooks/use-page-title';

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders one public page to HTML at build time, waiting for its split-off code to load. */
export async function render(url: string): Promise<{ html: string; title: string }> {
  takePrerenderTitle();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  const html = await streamToString(prelude);
  return { html, title: takePrerenderTitle() };
}
export { PRERENDERED_PATHS } from '@testerhub/shared/routes';
