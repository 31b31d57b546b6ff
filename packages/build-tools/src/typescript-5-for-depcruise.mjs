import Module, { register } from 'node:module';

/**
 * dependency-cruiser reads TypeScript through TypeScript's compiler API (versions 2 to 6). TypeScript 7, the
 * project's compiler, is native and has none, so the root also holds typescript-5 (npm:typescript@5.9.3), and
 * this preload points dependency-cruiser's own `typescript` imports, and only those, at it: the require it
 * reads the version with, and the import it parses with.
 */
const FROM_DEPCRUISE = /[/\\]node_modules[/\\]dependency-cruiser[/\\]/;
const swap = (request) => request.replace(/^typescript(?=$|\/)/, 'typescript-5');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const fromDepcruise = FROM_DEPCRUISE.test(parent?.filename ?? '');
  return resolveFilename.call(this, fromDepcruise ? swap(request) : request, parent, ...rest);
};

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      const fromDepcruise = ${FROM_DEPCRUISE}.test(context.parentURL ?? '');
      return next(fromDepcruise ? specifier.replace(/^typescript(?=$|\\/)/, 'typescript-5') : specifier, context);
    }`)}`,
);
