import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { localUploadsDir } from '../services/storage/index.js';
import { replyNotFound } from './errors.js';
import { makeFolder } from '../lib/folders.js';

/** Only what the image pipeline writes (and plain images an operator may copy in) is served, never other files. */
const SERVABLE = /\.(webp|jpe?g|png|avif)$/i;

/**
 * Serves the local image store at `/uploads/<key>`. Keys are random and never reused, so a file's content never
 * changes under its URL and browsers may keep it forever. Registered even when images go to S3, so pictures
 * stored locally before the switch keep working.
 */
export const uploadsPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const root = localUploadsDir(config);
    // @fastify/static needs an existing root; a fresh installation has not stored any image yet.
    await makeFolder(root);
    await app.register(
      async (scope) => {
        // Its own not-found handler: a missing image is a JSON 404, never the SPA's index.html, even when the
        // browser asks for text/html.
        scope.setNotFoundHandler(replyNotFound);
        await scope.register(fastifyStatic, {
          root,
          prefix: '/',
          // The SPA plugin owns reply.sendFile; a second registration must not decorate again.
          decorateReply: false,
          index: false,
          list: false,
          redirect: false,
          // Temporary files of in-progress writes start with a dot.
          dotfiles: 'ignore',
          allowedPath: (pathName) => SERVABLE.test(pathName),
          cacheControl: false,
          setHeaders(reply) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
            reply.header('x-content-type-options', 'nosniff');
          },
        });
      },
      { prefix: '/uploads' },
    );
  },
  { name: 'uploads' },
);
