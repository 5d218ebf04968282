// A local ESLint rule: imports flow one way (docs/conventions.md, rule 6).
//   web:    app → flows → shared → contract; flows never import each other.
//   server: modules don't reach into each other's repositories; plugins never import modules
//           (modules may import plugins: plugins are the cross-cutting layer beneath them;
//           docs/decisions/0165-server-module-form.md).
// Every form that names another file is checked: `import … from`, `export … from`,
// `export * from` and a dynamic `import('…')` with a literal path.
import path from 'node:path';

const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
const SERVER_MODULES = `${SERVER_SRC}modules${path.sep}`;
const SERVER_PLUGINS = `${SERVER_SRC}plugins${path.sep}`;

function webLayer(file) {
  const i = file.indexOf(WEB_SRC);
  if (i < 0) return null;
  const rest = file.slice(i + WEB_SRC.length).split(path.sep);
  const [top, sub] = rest;
  if (top === 'flows') return { layer: 'flows', flow: sub };
  if (top === 'shared' || top === 'app' || top === 'locales' || top === 'legacy') return { layer: top };
  return { layer: 'root' };
}

const RANK = { app: 3, legacy: 3, root: 3, flows: 2, shared: 1, locales: 0 };

/** The literal path a node names, or null (a bare package, a computed `import(x)`). */
function relativeSpec(source) {
  if (!source) return null;
  let spec = null;
  if (source.type === 'Literal') spec = source.value;
  else if (source.type === 'TemplateLiteral' && source.expressions.length === 0) spec = source.quasis[0].value.cooked;
  return typeof spec === 'string' && spec.startsWith('.') ? spec : null;
}

export default {
  rules: {
    layers: {
      meta: { type: 'problem', schema: [], messages: { layer: '{{why}}' } },
      create(context) {
        const file = context.filename;
        function check(node, source) {
          const spec = relativeSpec(source);
          if (spec === null) return;
          const target = path.resolve(path.dirname(file), spec);
          const from = webLayer(file);
          if (from) {
            const to = webLayer(target + (path.extname(target) ? '' : path.sep));
            if (!to) return;
            if (RANK[to.layer] > RANK[from.layer]) {
              context.report({
                node,
                messageId: 'layer',
                data: { why: `${from.layer}/ must not import from ${to.layer}/ (app → flows → shared)` },
              });
            } else if (from.layer === 'flows' && to.layer === 'flows' && from.flow !== to.flow) {
              context.report({
                node,
                messageId: 'layer',
                data: { why: `flow ${from.flow} must not import flow ${to.flow}` },
              });
            }
            return;
          }
          // A plugin's test builds the whole app, modules included: the direction binds the plugins' code.
          if (
            file.includes(SERVER_PLUGINS) &&
            !/\.test\.ts$/.test(file) &&
            (target + path.sep).includes(SERVER_MODULES)
          ) {
            context.report({
              node,
              messageId: 'layer',
              data: { why: 'plugins/ must not import from modules/ (modules use plugins, never the other way)' },
            });
            return;
          }
          const mi = file.indexOf(SERVER_MODULES);
          if (mi >= 0 && target.includes(SERVER_MODULES)) {
            const own = file.slice(mi + SERVER_MODULES.length).split(path.sep)[0];
            const other = target.slice(target.indexOf(SERVER_MODULES) + SERVER_MODULES.length).split(path.sep)[0];
            if (own !== other && /\.repository(\.ts)?$/.test(target)) {
              context.report({
                node,
                messageId: 'layer',
                data: { why: `module ${own} must not use the repository of module ${other}; call its service` },
              });
            }
          }
        }
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
          // `import x = require('…')` in TypeScript.
          TSImportEqualsDeclaration: (node) =>
            node.moduleReference.type === 'TSExternalModuleReference'
              ? check(node, node.moduleReference.expression)
              : undefined,
        };
      },
    },
  },
};
