/** Bundles the server into `outdir` (bundle-server.mjs); `extraEntryPoints` (paths from apps/server) go beside it. */
export function bundleServer(outdir: string, extraEntryPoints?: string[]): Promise<void>;
