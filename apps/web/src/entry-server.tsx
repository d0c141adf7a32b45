import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { HomeApp } from './app/home-app';
import { takePrerenderTitle } from './hooks/use-page-title';
import { isHomePath } from './lib/home-paths';

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The built HTML a page's prerendered copy starts from: the home page's addresses have their own
 * entry (home.html, entry-home.tsx: the home page without the router, decision 110), the other
 * pages the app's (index.html).
 */
export function templateFor(url: string): 'home.html' | 'index.html' {
  return isHomePath(url) ? 'home.html' : 'index.html';
}

/** Renders one public page to HTML at build time, waiting for its split-off code to load. */
export async function render(url: string): Promise<{ html: string; title: string }> {
  takePrerenderTitle();
  // The same tree as the page's entry hydrates, so that the HTML and the first render agree.
  const page = isHomePath(url) ? (
    <HomeApp pathname={url} />
  ) : (
    <StaticRouter location={url}>
      <App />
    </StaticRouter>
  );
  const { prelude } = await prerenderToNodeStream(<StrictMode>{page}</StrictMode>);
  const html = await streamToString(prelude);
  return { html, title: takePrerenderTitle() };
}
export { PRERENDERED_PATHS } from '@testerhub/shared/routes';
