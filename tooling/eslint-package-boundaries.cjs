// The ESLint rule `checkout/package-boundaries`: which workspace's source may import which. It resolves each import to
// the top folder of the repository it lands in (a relative path through the file system, `@checkout/<name>` through
// the workspace of that name), so `../api/effects` inside the shell's model is the shell's own file, not the api's.
// Resolving the folder, not the file, keeps it free of a module resolver: only the package matters here.
const path = require('node:path');

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: "A workspace's source imports only its own files and the packages it is allowed to" },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['root', 'allow'],
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: '{{from}} may not import {{to}} ({{allowed}}).',
      byPath: "Import {{to}} by its package name '@checkout/{{to}}', not by a path into its folder.",
    },
  },
  create(context) {
    const { root, allow } = context.options[0];
    const fromPackage = topFolder(root, context.filename);
    const allowed = fromPackage === undefined ? undefined : allow[fromPackage];
    // Folders without a policy (e2e, bench, reliability, deploy, tooling, scripts) drive the others from outside.
    if (allowed === undefined) return {};

    function check(node) {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const specifier = node.value;
      let toPackage;
      let relative = false;
      if (specifier.startsWith('.')) {
        toPackage = topFolder(root, path.resolve(path.dirname(context.filename), specifier));
        relative = true;
      } else {
        const match = /^@checkout\/([^/]+)/.exec(specifier);
        toPackage = match ? match[1] : undefined;
      }
      if (toPackage === undefined || toPackage === fromPackage) return;
      if (!allowed.includes(toPackage)) {
        const allowedText = allowed.length
          ? `only its own files and ${allowed.map((p) => `@checkout/${p}`).join(', ')}`
          : 'only its own files';
        context.report({
          node,
          messageId: 'forbidden',
          data: { from: fromPackage, to: toPackage, allowed: allowedText },
        });
      } else if (relative) {
        context.report({ node, messageId: 'byPath', data: { to: toPackage } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) =>
        check(node.argument && node.argument.type === 'TSLiteralType' ? node.argument.literal : node.argument),
      CallExpression(node) {
        const callee = node.callee;
        const isRequire = callee.type === 'Identifier' && callee.name === 'require';
        // jest.mock('../../shell/src/x') would reach another package's source as surely as an import.
        const isJestModule =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'jest' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'doMock', 'requireActual', 'requireMock'].includes(callee.property.name);
        if (isRequire || isJestModule) check(node.arguments[0]);
      },
    };
  },
};

/** The repository's top folder a path lies in, or undefined outside the repository or directly in its root. */
function topFolder(root, file) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}
