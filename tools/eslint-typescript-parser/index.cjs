// typescript-eslint's parser needs TypeScript's classic JS API, which TypeScript 7's package no longer
// has (the project's tsc is 7). This package brings TypeScript 6.0 (@typescript/typescript6, the TS
// team's side-by-side package) and points every `require("typescript")` in the ESLint process at it;
// nothing else runs in that process. Parsing is syntax-only: no type information, so no program.
const Module = require("node:module");

const typescript6 = require.resolve("typescript");
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === "typescript" ? typescript6 : resolveFilename.call(this, request, ...rest);
};

module.exports = require("@typescript-eslint/parser");
