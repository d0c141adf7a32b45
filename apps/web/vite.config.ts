import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const HOME_ENTRY = fileURLToPath(new URL('./src/entry-home.tsx', import.meta.url));
/** The home page's own code: its entry, HomeApp and the page; the app loads the page lazily. */
const HOME_OWN = /[\\/]src[\\/](entry-home\.tsx|app[\\/]home-app\.tsx|features[\\/]home[\\/])/;

/**
 * Notes, once the module graph is built, the modules the home page's entry imports statically
 * beside the home page's own: React, React DOM, the site's frame (navigation, footer, cookie
 * notice) and the small helpers most pages use (decision 110). The 'site-frame' chunk below is
 * made of them: the home page and the app's entry load it first.
 */
function homeFrameModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'testerhub:home-frame-modules',
    buildEnd() {
      modules.clear();
      const visit = (id: string) => {
        if (modules.has(id)) return;
        modules.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      if (this.getModuleInfo(HOME_ENTRY)) visit(HOME_ENTRY);
    },
  };
  // Vite's modulepreload polyfill comes with every entry: in the same file, not one more.
  const has = (id: string) => (modules.has(id) && !HOME_OWN.test(id)) || id.includes('modulepreload-polyfill');
  return { plugin, has };
}

const homeFrame = homeFrameModules();

export default defineConfig({
  plugins: [react(), homeFrame.plugin],
  build: {
    target: 'es2022',
    cssCodeSplit: true,
    reportCompressedSize: false,
    rolldownOptions: {
      // Two pages: the app (index.html, every address) and the home page's own entry (home.html,
      // the prerendered home addresses), which hydrates the home page without React Router (decision 110).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        home: fileURLToPath(new URL('./home.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // What the home page loads first beside its own code, which the app's entry loads too: one
            // file, not the seven small ones the automatic split made of it, each compressed alone (the
            // portal's first load 2.6 KB more gzipped that way; decision 110).
            { name: 'site-frame', test: homeFrame.has },
            // TanStack Query in one chunk, not the six the automatic split made of it (useQuery, removable,
            // mutation...): the portal's and the staff console's first pages load nearly all of it, and one
            // file compresses better (the portal 2.6 KB less gzipped, /staff 1.2; decision 100). Its
            // dependencies stay out (includeDependenciesRecursively would pull react in with it).
            {
              name: 'tanstack-query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
