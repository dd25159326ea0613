import fc from "fast-check";

/** Strings that have broken parsers before: numbers out of range, dates out of range, SQL, script, control and unpaired characters. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "0",
  "-0",
  "1e308",
  "-1e308",
  "1e-400",
  "9".repeat(40),
  "1.5",
  "0x1F",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "'; DROP TABLE vehicles; --",
  "1 OR 1=1",
  '" OR ""="',
  "1; SELECT pg_sleep(10)",
  "$1",
  "%",
  "%00",
  "\u0000",
  "\uD800",
  "\uFFFF",
  "😀".repeat(3),
  "\r\nX-Injected: 1",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "2026-13-45T99:99:99Z",
  "0000-00-00",
  "1970-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "+275760-09-13T00:00:00.001Z",
  "-271821-04-20T00:00:00Z",
  "2026-02-30",
  "P1D",
  "2147483648",
  "-2147483649",
  String(Number.MAX_SAFE_INTEGER + 2),
  "a,b,,c",
  ",,,",
  "key_",
  "svc_live_",
  "x".repeat(10_000),
];

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: "binary" }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.nat({ max: 300_000 }).map((n) => "9".repeat(Math.max(1, n % 3000))) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER * 1000, 2 ** 31, -(2 ** 31) - 1, 0.5, 1e-320),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A nesting of arrays/objects far deeper than any schema expects. */
const deep = fc.nat({ max: 300 }).map((depth) => {
  let value: unknown = 1;
  for (let i = 0; i < depth + 50; i++) value = i % 2 ? [value] : { a: value };
  return value;
});

/** Any JSON value a client might send instead of what the endpoint wants. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    deep,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor", "prototype")), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Raw bodies that are not what any endpoint accepts: invalid UTF-8, truncated or malformed JSON, NaN literals, deep nesting. */
export const RAW_BAD_BODIES: { name: string; body: string | Uint8Array }[] = [
  { name: "invalid UTF-8 bytes", body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]) },
  { name: "a lone continuation byte", body: new Uint8Array([0x5b, 0x80, 0x5d]) },
  { name: "truncated JSON", body: '{"name": "a", "scopes": [' },
  { name: "NaN and Infinity literals", body: '{"latitude": NaN, "longitude": Infinity, "vehicleId": -Infinity}' },
  { name: "JSON with a BOM and trailing garbage", body: '\uFEFF{"a":1} trailing' },
  { name: "deep JSON nesting (100k levels)", body: `${"[".repeat(100_000)}${"]".repeat(100_000)}` },
  { name: "a JSON string", body: '"just a string"' },
  { name: "JSON null", body: "null" },
  { name: "a duplicate-key object", body: '{"vehicleId": 1, "vehicleId": "x", "__proto__": {"polluted": true}}' },
];
