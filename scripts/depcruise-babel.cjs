// How dependency-cruiser reads TypeScript here: TypeScript 7 has no JavaScript API, so Babel strips
// the types. Type-only imports are kept as imports first, so a type imported across a forbidden
// arrow fails the check just like a value would.
function asValue(node) {
  if (node.importKind === 'type') node.importKind = 'value'
  if (node.exportKind === 'type') node.exportKind = 'value'
  for (const specifier of node.specifiers ?? []) {
    if (specifier.importKind === 'type') specifier.importKind = 'value'
    if (specifier.exportKind === 'type') specifier.exportKind = 'value'
  }
}

function keepTypeImports() {
  return {
    visitor: {
      Program(program) {
        program.traverse({ ImportDeclaration: (path) => asValue(path.node), ExportNamedDeclaration: (path) => asValue(path.node), ExportAllDeclaration: (path) => asValue(path.node) })
      },
    },
  }
}

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImports],
  presets: [['@babel/preset-typescript', { allExtensions: true, isTSX: true, onlyRemoveTypeImports: true }]],
}
