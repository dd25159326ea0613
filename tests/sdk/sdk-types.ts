import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Reads the installed Samsara SDK's own type definitions (dist/cjs/api/types/<Name>.d.ts, one
 * generated file per type) so the required fields we check are the SDK's, not a hand-kept copy.
 * The generated files are regular: `export interface X { key?: T | undefined; key: T; }` or
 * `export type X = T;`, where T names other types as `Samsara.Y` or `Samsara.Y[]`.
 */
const TYPES_DIR = path.resolve("node_modules/@samsarahq/samsara/dist/cjs/api/types");

type SdkField = { name: string; required: boolean; ref: string | null };
type SdkType = { kind: "interface"; fields: SdkField[] } | { kind: "alias"; ref: string | null };

const cache = new Map<string, SdkType>();

/** The first `Samsara.Name` a type expression mentions (arrays and `| undefined` unwrap to it). */
const refOf = (expression: string) => expression.match(/Samsara\.(\w+)/)?.[1] ?? null;

export const readSdkType = (name: string): SdkType => {
  const cached = cache.get(name);
  if (cached) return cached;
  const source = readFileSync(path.join(TYPES_DIR, `${name}.d.ts`), "utf8").replace(/\/\*\*[\s\S]*?\*\//g, "");
  const body = source.match(new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`))?.[1];
  let type: SdkType;
  if (body !== undefined) {
    const fields = [...body.matchAll(/^\s+"?(\w+)"?(\??):\s*(.+);$/gm)].map(([, key, optional, expression]) => ({
      name: key,
      required: optional !== "?",
      ref: refOf(expression),
    }));
    type = { kind: "interface", fields };
  } else {
    // `export interface X extends Samsara.Y {}` (the SDK's signatures, tiny vehicles) or with several bases
    // (`extends Samsara.A, Samsara.B {}`: the v1 trailer assignments): the fields of every base.
    const bases = source.match(new RegExp(`export interface ${name} extends ((?:Samsara\\.\\w+(?:, )?)+) \\{\\s*\\}`))?.[1];
    if (bases !== undefined) {
      const parents = [...bases.matchAll(/Samsara\.(\w+)/g)].map(([, parent]) => parent);
      type = { kind: "interface", fields: parents.flatMap((parent) => resolveInterface(parent)?.fields ?? []) };
    } else {
      const alias = source.match(new RegExp(`export type ${name} = ([^;]+);`))?.[1];
      if (alias === undefined) throw new Error(`Cannot read the SDK type ${name}`);
      type = { kind: "alias", ref: refOf(alias) };
    }
  }
  cache.set(name, type);
  return type;
};

/** The interface a type name stands for (following aliases), or null for primitives, enums, records. */
const resolveInterface = (name: string): Extract<SdkType, { kind: "interface" }> | null => {
  const type = readSdkType(name);
  if (type.kind === "interface") return type;
  return type.ref === null || type.ref === name ? null : resolveInterface(type.ref);
};

/** The required keys of an SDK interface, as the SDK declares them. */
export const requiredKeysOf = (name: string): string[] => (resolveInterface(name)?.fields ?? []).filter((field) => field.required).map((field) => field.name);

/**
 * Every path in `value` where a field the SDK type marks as required is absent (or null), walking
 * nested records and arrays that are present. An empty list means the record satisfies the type's
 * required fields all the way down.
 */
export const findMissingRequired = (value: unknown, typeName: string, at = typeName): string[] => {
  if (Array.isArray(value)) return value.flatMap((item, index) => findMissingRequired(item, typeName, `${at}[${index}]`));
  const type = resolveInterface(typeName);
  if (type === null || value === null || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  return type.fields.flatMap((field) => {
    const fieldValue = record[field.name];
    if (fieldValue === undefined || fieldValue === null) return field.required ? [`${at}.${field.name}`] : [];
    return field.ref === null ? [] : findMissingRequired(fieldValue, field.ref, `${at}.${field.name}`);
  });
};
