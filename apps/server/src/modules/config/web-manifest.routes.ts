import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_FILES, webManifestSchema, type WebManifest } from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { access } from '../../plugins/openapi.js';

const MANIFEST_TYPE = 'application/manifest+json';

/** Browsers show at most about 12 characters under a home-screen icon; a longer name is cut at a word. */
const SHORT_NAME_MAX = 12;

export function shortName(productName: string): string {
  if (productName.length <= SHORT_NAME_MAX) return productName;
  const cut = productName.slice(0, SHORT_NAME_MAX + 1).replace(/\s+\S*$/, '');
  return cut.length > 0 && cut.length <= SHORT_NAME_MAX ? cut : productName.slice(0, SHORT_NAME_MAX);
}

export function webManifest(config: Pick<AppConfig, 'productName'>): WebManifest {
  const { icons } = APP_FILES;
  const icon = (src: string, size: number, purpose: 'any' | 'maskable') => ({
    src,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    name: config.productName,
    short_name: shortName(config.productName),
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: APP_FILES.themeColor,
    background_color: APP_FILES.backgroundColor,
    icons: [
      icon(icons.any192, 192, 'any'),
      icon(icons.any512, 512, 'any'),
      icon(icons.maskable192, 192, 'maskable'),
      icon(icons.maskable512, 512, 'maskable'),
    ],
  };
}

/**
 * The web app manifest (docs/product.md §10, "Settings and the installable app"), written by the server because
 * its name is the installation's PRODUCT_NAME, which the web build does not know.
 */
export const webManifestRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const manifest = webManifest(config);
  app.get(
    APP_FILES.manifest,
    {
      schema: {
        tags: ['Config'],
        operationId: 'Config_webManifest',
        security: access.anyone,
        summary: 'The web app manifest: name, icons and colours for installing the site as an app',
        // Its own media type (the W3C manifest's), so the document says so rather than application/json.
        response: { 200: { content: { [MANIFEST_TYPE]: { schema: webManifestSchema } } } },
      },
    },
    async (_request, reply) => {
      // Revalidated like index.html, so a renamed installation shows its new name at the next visit.
      reply.header('cache-control', 'no-cache').type(`${MANIFEST_TYPE}; charset=utf-8`);
      return manifest;
    },
  );
};
