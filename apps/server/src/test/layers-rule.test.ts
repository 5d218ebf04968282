// The import-direction lint rule (`gatehouse/layers`, tools/eslint-layers.js) checks every form
// that names another file: `import … from`, `export … from`, `export * from` and `import('…')`
// (docs/conventions.md, rule 6; docs/decisions/0165-server-module-form.md).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { RuleTester, type Rule } from 'eslint';
import tsParser from '@typescript-eslint/parser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const rulePath = path.join(root, 'tools', 'eslint-layers.js');
const { default: layers } = (await import(rulePath)) as { default: { rules: { layers: Rule.RuleModule } } };

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tsParser, ecmaVersion: 2024, sourceType: 'module' } });
const PLUGIN = path.join(root, 'apps/server/src/plugins/session.plugin.ts');
const PLUGIN_TEST = path.join(root, 'apps/server/src/plugins/session.test.ts');
const MODULE = path.join(root, 'apps/server/src/modules/user/user.service.ts');
const WEB_SHARED = path.join(root, 'apps/web/src/shared/a.ts');
const refused = [{ messageId: 'layer' }];

tester.run('gatehouse/layers', layers.rules.layers, {
  valid: [
    { filename: MODULE, code: "import { a } from '../../plugins/session.plugin.ts';" },
    { filename: MODULE, code: "import { a } from './user.repository.ts'; export * from './user.repository.ts';" },
    {
      filename: MODULE,
      code: "export { a } from '../device/device.service.ts'; const d = import('../device/device.service.ts');",
    },
    {
      filename: PLUGIN,
      code: "import { a } from './user-agent.ts'; export * from './b.ts'; const c = import('./c.ts');",
    },
    { filename: PLUGIN, code: "const where = './anywhere.ts'; const m = import(where);" },
    { filename: PLUGIN_TEST, code: "import { a } from '../modules/recovery/recovery-test-kit.ts';" },
  ],
  invalid: [
    { filename: MODULE, code: "import { a } from '../device/device.repository.ts';", errors: refused },
    { filename: MODULE, code: "export { a } from '../device/device.repository.ts';", errors: refused },
    { filename: MODULE, code: "export type { A } from '../device/device.repository.ts';", errors: refused },
    { filename: MODULE, code: "export * from '../device/device.repository.ts';", errors: refused },
    { filename: MODULE, code: "export * as device from '../device/device.repository.ts';", errors: refused },
    { filename: MODULE, code: "const d = import('../device/device.repository.ts');", errors: refused },
    { filename: MODULE, code: 'const d = import(`../device/device.repository.ts`);', errors: refused },
    { filename: PLUGIN, code: "import type { A } from '../modules/session/session.service.ts';", errors: refused },
    { filename: PLUGIN, code: "export type { A } from '../modules/session/session.service.ts';", errors: refused },
    { filename: PLUGIN, code: "export * from '../modules/session/session.service.ts';", errors: refused },
    { filename: PLUGIN, code: "const s = import('../modules/session/session.service.ts');", errors: refused },
    { filename: WEB_SHARED, code: "export { x } from '../flows/login/a.ts';", errors: refused },
    { filename: WEB_SHARED, code: "export * from '../app/a.ts';", errors: refused },
    { filename: WEB_SHARED, code: "const x = import('../flows/login/a.ts');", errors: refused },
  ],
});
