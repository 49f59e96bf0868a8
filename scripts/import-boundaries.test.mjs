// node --test scripts/import-boundaries.test.mjs: the import boundaries of eslint.config.js refuse what they
// should and let through what they should, linted the way `npm run lint` lints (docs/architecture.md "Boundaries").
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundary refusals for one import written in `file` (a path from the repository root). */
async function refusals(file, importLine) {
  const [result] = await eslint.lintText(`${importLine}\n\nexport const used = 1;\n`, {
    filePath: join(root, file),
  });
  const fatal = result.messages.filter((message) => message.fatal);
  assert.deepEqual(fatal, [], `${file} did not parse`);
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports');
}

/** [file, import line, refused?] */
const cases = {
  'web: shared imports neither features nor app': [
    ['apps/web/src/shared/ui/Widget.tsx', "import { FeedSpinner } from '../../features/feed';", true],
    ['apps/web/src/shared/realtime/Widget.tsx', "import { appRoutes } from '../../app/routes';", true],
    ['apps/web/src/shared/ui/Widget.tsx', "import type { Theme } from '../../app/theme';", true],
    ['apps/web/src/shared/ui/Widget.tsx', "import { apiFetch } from '../api/client';", false],
    ['apps/web/src/shared/ui/Widget.tsx', "import { Banner } from './Banner';", false],
  ],
  'web: a feature does not import app': [
    ['apps/web/src/features/home/Widget.tsx', "import { appRoutes } from '../../app/routes';", true],
    [
      'apps/web/src/features/listings/detail/Widget.tsx',
      "import { appRoutes } from '../../../app/routes';",
      true,
    ],
    ['apps/web/src/features/home/Widget.tsx', "import { Banner } from '../../shared/ui/Banner';", false],
  ],
  'web: another feature only through its index': [
    ['apps/web/src/features/home/Widget.tsx', "import { ProductCard } from '../feed/ProductCard';", true],
    [
      'apps/web/src/features/home/Widget.tsx',
      "import type { ChosenLocation } from '../location/LocationField';",
      true,
    ],
    ['apps/web/src/features/home/Widget.tsx', "export { ProductCard } from '../feed/ProductCard';", true],
    ['apps/web/src/features/home/Widget.tsx', "import { ProductCard } from '../../features/feed';", true],
    [
      'apps/web/src/features/listings/detail/Widget.tsx',
      "import { FollowButton } from '../../follow/FollowButton';",
      true,
    ],
    [
      'apps/web/src/features/listings/a/b/Widget.tsx',
      "import { FollowButton } from '../../../follow/FollowButton';",
      true,
    ],
    ['apps/web/src/features/home/Widget.tsx', "import { ProductCard } from '../feed';", false],
    [
      'apps/web/src/features/listings/detail/Widget.tsx',
      "import { FollowButton } from '../../follow';",
      false,
    ],
    [
      'apps/web/src/features/listings/detail/Widget.tsx',
      "import { ListingForm } from '../form/ListingForm';",
      false,
    ],
    ['apps/web/src/features/home/Widget.tsx', "import { HOME_TEXT } from './texts';", false],
    ['apps/web/src/features/home/Widget.test.tsx', "import { mockApi } from '../../test/api';", false],
  ],
  'web: app composes features': [
    ['apps/web/src/app/Widget.tsx', "import { ChatPage } from '../features/chat/ChatPage';", false],
  ],
  'server: a repository imports neither services nor routes': [
    [
      'apps/server/src/modules/message/message.repository.ts',
      "import { x } from './message.service.js';",
      true,
    ],
    [
      'apps/server/src/modules/message/message.repository.ts',
      "import { x } from './message.routes.js';",
      true,
    ],
    [
      'apps/server/src/modules/product/product.repository.ts',
      "import { x } from '../user/user.service.js';",
      true,
    ],
    [
      'apps/server/src/modules/message/message.repository.ts',
      "import { x } from '../../db/schema.js';",
      false,
    ],
  ],
  'server: a service does not import routes': [
    ['apps/server/src/modules/message/message.service.ts', "import { x } from './message.routes.js';", true],
    [
      'apps/server/src/modules/message/message.service.ts',
      "import { x } from './message.repository.js';",
      false,
    ],
    ['apps/server/src/modules/message/message.routes.ts', "import { x } from './message.service.js';", false],
  ],
  'server: db does not import modules': [
    ['apps/server/src/db/seed-extra.ts', "import { x } from '../modules/garage/garage.service.js';", true],
    [
      'apps/server/src/db/schema/extra.ts',
      "import type { X } from '../../modules/user/user.repository.js';",
      true,
    ],
    ['apps/server/src/db/seed-extra.ts', "import { x } from '../lib/local-time.js';", false],
  ],
  'server: modules and services do not import realtime': [
    [
      'apps/server/src/modules/message/message.service.ts',
      "import { x } from '../../realtime/hub.js';",
      true,
    ],
    [
      'apps/server/src/modules/message/message.routes.ts',
      "import { x } from '../../realtime/index.js';",
      true,
    ],
    [
      'apps/server/src/modules/message/message.repository.ts',
      "import { x } from '../../realtime/hub.js';",
      true,
    ],
    ['apps/server/src/services/mail/extra.ts', "import type { X } from '../../realtime/hubs/chat.js';", true],
    ['apps/server/src/modules/message/message.service.ts', "import { x } from '../../events/bus.js';", false],
    [
      'apps/server/src/realtime/hubs/extra.ts',
      "import { x } from '../../modules/message/message.service.js';",
      false,
    ],
  ],
};

for (const [rule, rows] of Object.entries(cases)) {
  test(rule, async () => {
    for (const [file, importLine, refused] of rows) {
      const found = await refusals(file, importLine);
      assert.equal(
        found.length > 0,
        refused,
        `${file}: ${importLine} should be ${refused ? 'refused' : 'allowed'}; got ${JSON.stringify(found.map((m) => m.message))}`,
      );
    }
  });
}
