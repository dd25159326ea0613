/** A JSON Schema node of the OpenAPI document, read loosely: the page only needs to show it. */
export type JsonSchema = { [keyword: string]: unknown };

export type SchemaView = {
  /** A reader's type label: `string (date-time)`, `array of Vehicle`, `integer | string`, `map of string`. */
  type: string;
  nullable: boolean;
  description?: string;
  enumValues?: string[];
  defaultValue?: string;
  /** Bounds worth knowing: `1–512`, `at most 100 items`, `pattern ^\d+$`. */
  constraints?: string;
  fields: FieldView[];
};

export type FieldView = SchemaView & { name: string; required: boolean };

type Context = { components: Record<string, JsonSchema>; seen: readonly string[] };

const MAX_DEPTH = 8;
const MAX_PATTERN_LENGTH = 60;
const REF_PREFIX = "#/components/schemas/";

const isSchema = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null && !Array.isArray(value);
const isNullType = (schema: JsonSchema) => schema.type === "null";

const constraintsOf = (schema: JsonSchema) => {
  const parts: string[] = [];
  const { minimum, maximum, exclusiveMinimum, minLength, maxLength, minItems, maxItems, pattern } = schema;
  if (minimum !== undefined && maximum !== undefined && Number(maximum) < Number.MAX_SAFE_INTEGER) parts.push(`${minimum}–${maximum}`);
  else if (minimum !== undefined) parts.push(`≥ ${minimum}`);
  else if (maximum !== undefined && Number(maximum) < Number.MAX_SAFE_INTEGER) parts.push(`≤ ${maximum}`);
  if (exclusiveMinimum !== undefined) parts.push(`> ${exclusiveMinimum}`);
  if (minLength !== undefined && Number(minLength) > 1) parts.push(`at least ${minLength} chars`);
  if (maxLength !== undefined) parts.push(`at most ${maxLength} chars`);
  if (minItems !== undefined && Number(minItems) > 0) parts.push(`at least ${minItems} item${minItems === 1 ? "" : "s"}`);
  if (maxItems !== undefined) parts.push(`at most ${Number(maxItems).toLocaleString("en-US")} items`);
  // A format (date-time, uri) already says what its long generated pattern checks.
  if (typeof pattern === "string" && schema.format === undefined && pattern.length <= MAX_PATTERN_LENGTH) parts.push(`pattern ${pattern}`);
  return parts.length > 0 ? parts.join(", ") : undefined;
};

const withoutNull = (members: JsonSchema[]) => members.filter((member) => !isNullType(member));

/**
 * What a reader needs to know of a schema: its type label, whether null is allowed, its values,
 * bounds, and its fields (an array shows its items' fields). `$ref`s resolve to components; a
 * component already being expanded (a cycle) is named, not expanded again.
 */
export const viewSchema = (schema: unknown, context: Context, depth = 0): SchemaView => {
  if (!isSchema(schema)) return { type: "any", nullable: false, fields: [] };
  const ref = typeof schema.$ref === "string" && schema.$ref.startsWith(REF_PREFIX) ? schema.$ref.slice(REF_PREFIX.length) : undefined;
  if (ref) {
    const target = context.components[ref];
    if (!target || context.seen.includes(ref) || depth > MAX_DEPTH) return { type: ref, nullable: false, fields: [] };
    const view = viewSchema(target, { ...context, seen: [...context.seen, ref] }, depth);
    const description = typeof schema.description === "string" ? schema.description : view.description;
    return { ...view, description, type: view.type === "object" ? ref : view.type };
  }
  const description = typeof schema.description === "string" ? schema.description : undefined;
  const defaultValue = schema.default === undefined ? undefined : JSON.stringify(schema.default);
  const union = (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined)?.filter(isSchema);
  if (union) {
    const members = withoutNull(union);
    const nullable = members.length < union.length;
    if (members.length === 1) {
      const view = viewSchema(members[0], context, depth);
      return { ...view, nullable: true, description: description ?? view.description, defaultValue: defaultValue ?? view.defaultValue };
    }
    const views = members.map((member) => viewSchema(member, context, depth));
    return {
      type: views.map((view) => view.type).join(" | "),
      nullable,
      description,
      defaultValue,
      fields: views.find((view) => view.fields.length > 0)?.fields ?? [],
    };
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type): type is string => typeof type === "string");
  const nullable = types.includes("null");
  const type = types.filter((name) => name !== "null");
  const enumValues = Array.isArray(schema.enum) ? schema.enum.map(String) : schema.const !== undefined ? [String(schema.const)] : undefined;
  const base = { nullable, description, defaultValue, enumValues, constraints: constraintsOf(schema) };
  if (type[0] === "array" || (type.length === 0 && schema.items)) {
    const items = viewSchema(schema.items, context, depth + 1);
    return { ...base, type: `array of ${items.type}`, enumValues: enumValues ?? items.enumValues, fields: items.fields };
  }
  if (type[0] === "object" || (type.length === 0 && isSchema(schema.properties))) {
    if (isSchema(schema.additionalProperties) && !isSchema(schema.properties)) {
      return { ...base, type: `map of ${viewSchema(schema.additionalProperties, context, depth + 1).type}`, fields: [] };
    }
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const fields = Object.entries(isSchema(schema.properties) ? schema.properties : {}).map(([name, property]) => ({
      ...viewSchema(property, context, depth + 1),
      name,
      required: required.has(name),
    }));
    return { ...base, type: "object", fields };
  }
  const label = type.length > 0 ? type.join(" | ") : "any";
  return { ...base, type: typeof schema.format === "string" ? `${label} (${schema.format})` : label, fields: [] };
};
