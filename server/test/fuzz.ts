/**
 * Bad requests for the API fuzz test (server/api-fuzz.test.ts), generated with fast-check from a
 * route's own schema (its OpenAPI operation) and a valid example of a call to it: each request
 * changes the example in one place so that it is wrong there, whatever the rest holds. Every
 * boundary value of every place is sent once; fast-check then draws random ones of the same kinds.
 *
 * What counts as wrong: a value the schema's own constraints refuse (a missing required field, an
 * unknown field of a strict object, a wrong type, null where null is not allowed, a number or text
 * past its bound, a value outside its enum), and values no field of this shop may take whatever its
 * schema says (numbers beyond PostgreSQL's integer, fractions for whole numbers, text of 100,000
 * characters, non-finite numbers), so a schema that forgot a bound shows up as a 2xx.
 */
import fc from 'fast-check';

/** The parts of a JSON schema (OpenAPI 3.0 flavour) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

export interface OperationParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}

/** A request as app.inject takes it, with a word on what was broken (for the failure message). */
export interface FuzzRequest {
  what: string;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** A value sent as JSON, or raw text with its content type. */
  body: { json: unknown } | { raw: string; contentType: string } | undefined;
}

/** A call that the route accepts: the fuzz breaks it one place at a time. */
export interface CallExample {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  body?: unknown;
}

const PG_INTEGER_MAX = 2_147_483_647;
/** Replaced by a number JSON cannot hold as a finite value (1e400 parses to Infinity). */
const NON_FINITE = '__fuzz_non_finite__';
const HUGE_TEXT_LENGTH = 100_000;
/**
 * The most characters of a random text fast-check draws one by one: past it, a random piece is
 * repeated to the length. Drawing the stock import's 900,001 characters took 0.6 s a text, the 12
 * texts most of that route's 15 s, for no more than a piece repeated finds.
 */
const RANDOM_TEXT_DRAWN = 1_000;

/** Body fields and path parameters through which a call names its user. */
const USER_FIELDS = new Set(['userId', 'user_id', 'client_id', 'clientId']);

function typesOf(schema: JsonSchema): Set<string> | undefined {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const union = new Set<string>();
    for (const variant of variants) {
      const types = typesOf(variant);
      if (!types) return undefined;
      for (const type of types) union.add(type);
    }
    if (schema.nullable) union.add('null');
    return union;
  }
  if (schema.type === undefined) return schema.enum ? new Set(schema.enum.map(jsonType)) : undefined;
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  // An integer is a number to JSON: a number field takes what an integer field takes.
  if (types.has('integer')) types.add('number');
  if (schema.nullable) types.add('null');
  return types;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' ? 'number' : typeof value;
}

/** The variants of a union, or the schema itself. */
function variantsOf(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf ?? schema.oneOf ?? [schema];
}

function isIntegerOnly(schema: JsonSchema): boolean {
  const variants = variantsOf(schema).filter((variant) => variant.type !== 'null');
  return variants.length > 0 && variants.every((variant) => variant.type === 'integer');
}

/** One value of each JSON type, for a field of another type. */
const SAMPLE_OF_TYPE: Record<string, unknown> = {
  string: 'not the right kind of value',
  number: 42.5,
  boolean: true,
  object: { unexpected: 'object' },
  array: ['an', 'array'],
  null: null,
};

/** Values of the JSON types the field does not take. */
function wrongTypeValues(types: Set<string>): unknown[] {
  return Object.entries(SAMPLE_OF_TYPE)
    .filter(([type]) => !types.has(type))
    .map(([, value]) => value);
}

/** A field's bad values: the boundary ones, each sent once, and arbitraries of more of them. */
interface BadValues {
  boundary: unknown[];
  random: fc.Arbitrary<unknown>[];
}

/** Text a pattern refuses, from a few candidates. */
function notMatching(pattern: string): string | undefined {
  const regex = new RegExp(pattern);
  return ['<script>', 'a b', '..', 'Ö', '0', 'zz'].find((text) => !regex.test(text));
}

/**
 * Bad values for one field: each is refused whatever the rest of the request holds. In a query
 * every value is text, so a text parameter gets no values of other types.
 */
function badValues(
  schema: JsonSchema,
  name: string,
  otherUserId: number | undefined,
  { inQuery = false } = {},
): BadValues {
  const types = typesOf(schema);
  const bad: BadValues = { boundary: [], random: [] };
  if (!types) return bad;
  if (!(inQuery && types.has('string'))) bad.boundary.push(...wrongTypeValues(types));
  if (types.has('number') || types.has('integer')) {
    // Beyond PostgreSQL's integer, yet a whole number JavaScript holds exactly: the values that
    // once reached the database; and the ones past any bound, non-finite and fractional.
    bad.boundary.push(PG_INTEGER_MAX + 1, -PG_INTEGER_MAX - 2, 1e20, NON_FINITE);
    bad.random.push(
      fc.integer({ min: PG_INTEGER_MAX + 1, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -PG_INTEGER_MAX - 2 }),
    );
    if (isIntegerOnly(schema)) {
      bad.boundary.push(1.5);
      bad.random.push(fc.double({ min: -1000, max: 1000, noNaN: true, noInteger: true }));
    }
    for (const variant of variantsOf(schema)) {
      if (typeof variant.maximum === 'number') bad.boundary.push(variant.maximum + 1);
      if (typeof variant.minimum === 'number' && variant.minimum > -PG_INTEGER_MAX) {
        bad.boundary.push(variant.exclusiveMinimum === true ? variant.minimum : variant.minimum - 1);
      }
    }
  }
  if (types.has('string')) {
    const text = variantsOf(schema).find((variant) => variant.type === 'string') ?? schema;
    const max = text.maxLength;
    bad.boundary.push('x'.repeat(max === undefined ? HUGE_TEXT_LENGTH : max + 1));
    // Without blanks: text is trimmed before it is measured.
    if (max !== undefined) {
      bad.random.push(overLimitText(max).map((value) => value.replace(/\s/g, 'x')));
    }
    if ((text.minLength ?? 0) > 0) bad.boundary.push('');
    if (text.enum) bad.boundary.push('zz_not_one_of_the_choices');
    if (text.format === 'email') bad.boundary.push('not-an-email');
    const refused = text.pattern ? notMatching(text.pattern) : undefined;
    if (refused !== undefined) bad.boundary.push(refused);
  }
  if (schema.enum && !types.has('string')) bad.boundary.push(987_654_321);
  if (types.has('array') && schema.maxItems !== undefined && schema.items) {
    bad.boundary.push(Array.from({ length: schema.maxItems + 1 }, () => null));
  }
  if (types.has('array') && (schema.minItems ?? 0) > 0) bad.boundary.push([]);
  if (USER_FIELDS.has(name) && otherUserId !== undefined) bad.boundary.push(otherUserId);
  return bad;
}

/** Random texts of 1 to 40 characters over a limit. */
function overLimitText(max: number): fc.Arbitrary<string> {
  if (max < RANDOM_TEXT_DRAWN) return fc.string({ minLength: max + 1, maxLength: max + 40 });
  return fc
    .tuple(
      fc.string({ minLength: 1, maxLength: RANDOM_TEXT_DRAWN }),
      fc.integer({ min: max + 1, max: max + 40 }),
    )
    .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length));
}

/** A place in the example body: its path, the schema there, and whether the schema requires it. */
interface Slot {
  path: (string | number)[];
  schema: JsonSchema;
}

/**
 * The object schema a value is an instance of: of a union's object variants, the first whose fixed
 * values (enum) the value's fields match and whose required fields it has (a body that is either
 * of two shapes is broken as the shape it is).
 */
function objectSchemaOf(schema: JsonSchema, value: unknown): JsonSchema | undefined {
  const objects = variantsOf(schema).filter((variant) => variant.type === 'object' || variant.properties);
  return objects.find((variant) => isInstanceOf(variant, value)) ?? objects[0];
}

function isInstanceOf(object: JsonSchema, value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(object.properties ?? {}).every(([key, property]) => {
    const field = Reflect.get(value, key);
    if (field === undefined) return !object.required?.includes(key);
    return !property.enum || property.enum.includes(field);
  });
}

/**
 * Every field of the example (and of the objects and first list items inside it), with its schema;
 * a field's own fields come after it.
 */
function slotsOf(schema: JsonSchema, value: unknown, path: (string | number)[] = []): Slot[] {
  const slots: Slot[] = [];
  const object = objectSchemaOf(schema, value);
  if (object?.properties && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, property] of Object.entries(object.properties)) {
      slots.push({ path: [...path, key], schema: property });
      const inner = (value as Record<string, unknown>)[key];
      if (inner !== undefined) slots.push(...slotsOf(property, inner, [...path, key]));
    }
  }
  const list = variantsOf(schema).find((variant) => variant.type === 'array');
  if (list?.items && Array.isArray(value) && value.length > 0) {
    slots.push({ path: [...path, 0], schema: list.items });
    slots.push(...slotsOf(list.items, value[0], [...path, 0]));
  }
  return slots;
}

function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return { ...record, [String(head)]: withValueAt(record[String(head)], rest, replacement) };
}

function withoutKeyAt(value: unknown, path: (string | number)[], key: string): unknown {
  if (path.length === 0) {
    const { [key]: _removed, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = withoutKeyAt(copy[Number(head)], rest, key);
    return copy;
  }
  const record = value as Record<string, unknown>;
  return { ...record, [String(head)]: withoutKeyAt(record[String(head)], rest, key) };
}

function valueAt(value: unknown, path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[String(key)];
  }
  return current;
}

/** JSON text, with the non-finite marker written as a number JSON reads as Infinity. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replaceAll(`"${NON_FINITE}"`, '1e400');
}

export interface RouteFuzzInput {
  parameters: OperationParameter[];
  /** The JSON body's schema; undefined for a call without a declared body. */
  bodySchema: JsonSchema | undefined;
  /** Whether a body must be there (a body schema that takes null makes it optional). */
  bodyRequired: boolean;
  example: CallExample;
  /** Another client's id, for the fields and parameters that name the caller. */
  otherUserId: number | undefined;
  /** Path parameters naming another client's things (their address): refused like a bad value. */
  othersParams?: Record<string, string | number> | undefined;
}

function baseRequest(example: CallExample, what: string): FuzzRequest {
  const strings = (values: Record<string, string | number> | undefined) =>
    Object.fromEntries(Object.entries(values ?? {}).map(([key, value]) => [key, String(value)]));
  return {
    what,
    params: strings(example.params),
    query: strings(example.query),
    headers: { ...example.headers },
    body: example.body === undefined ? undefined : { json: example.body },
  };
}

const BAD_ID_TEXTS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '99999999999999999999',
  '1e400',
  'x'.repeat(150),
  ' ',
  '%00',
  '1;DROP TABLE clients',
];

/** Path parameter values the parameter's schema refuses, and another client's, where there is one. */
function badParamValues(parameter: OperationParameter, input: RouteFuzzInput): string[] {
  const schema = parameter.schema ?? {};
  const types = typesOf(schema);
  const others = input.othersParams?.[parameter.name];
  if (types?.has('integer') || types?.has('number')) {
    const values = [...BAD_ID_TEXTS];
    if (others !== undefined) values.push(String(others));
    else if (USER_FIELDS.has(parameter.name) && input.otherUserId !== undefined) {
      values.push(String(input.otherUserId));
    }
    return values;
  }
  const values = ['y'.repeat(Math.max((schema.maxLength ?? 100) + 1, 101))];
  const refused = schema.pattern ? notMatching(schema.pattern) : undefined;
  if (refused !== undefined) values.push(refused);
  return values;
}

/** A route's bad requests: each boundary case once, then as many random ones as asked. */
export interface RouteCases {
  boundary: FuzzRequest[];
  /** Undefined where every bad value is a boundary one (an enum, a path parameter). */
  random: fc.Arbitrary<FuzzRequest> | undefined;
}

/**
 * The example broken in one place at a time: every boundary value of every parameter and field,
 * the body as a whole (wrong kinds, malformed, missing), each required field missing, an unknown
 * field in each strict object; and random values of the same kinds, each kind weighted alike.
 */
export function badRequests(input: RouteFuzzInput): RouteCases {
  const { example, bodySchema } = input;
  const base = baseRequest(example, '');
  const boundary: FuzzRequest[] = [];
  const random: fc.Arbitrary<FuzzRequest>[] = [];
  /** Adds a place's bad values, as requests made by `at`. */
  const add = (values: BadValues, at: (value: unknown) => FuzzRequest) => {
    boundary.push(...values.boundary.map(at));
    if (values.random.length > 0) random.push(fc.oneof(...values.random).map(at));
  };

  for (const parameter of input.parameters) {
    if (parameter.in === 'path') {
      add({ boundary: badParamValues(parameter, input), random: [] }, (value) => ({
        ...base,
        what: `path ${parameter.name} = ${JSON.stringify(String(value).slice(0, 40))}`,
        params: { ...base.params, [parameter.name]: String(value) },
      }));
    } else if (parameter.in === 'query') {
      const values = badValues(parameter.schema ?? {}, parameter.name, input.otherUserId, { inQuery: true });
      add(values, (value) => {
        const text = typeof value === 'string' ? value : jsonText(value);
        return {
          ...base,
          what: `query ${parameter.name} = ${text.slice(0, 40)}`,
          query: { ...base.query, [parameter.name]: text },
        };
      });
    } else {
      const { maxLength, minLength = 0 } = parameter.schema ?? {};
      const values = [
        ...(maxLength === undefined ? [] : ['h'.repeat(maxLength + 1)]),
        ...(minLength > 1 ? ['h'] : []),
      ];
      add({ boundary: values, random: [] }, (value) => ({
        ...base,
        what: `header ${parameter.name} of ${String(value).length} characters`,
        headers: { ...base.headers, [parameter.name]: String(value) },
      }));
    }
  }

  if (bodySchema) {
    const body = example.body;
    const text = jsonText(body ?? {});
    boundary.push(
      ...wrongTypeValues(typesOf(bodySchema) ?? new Set()).map((value) => ({
        ...base,
        what: `body ${jsonText(value)}`,
        body: { json: value },
      })),
      { ...base, what: 'malformed JSON', body: { raw: text.slice(0, -1), contentType: 'application/json' } },
      {
        ...base,
        what: 'JSON with a trailing comma',
        body: { raw: `${text},`, contentType: 'application/json' },
      },
      { ...base, what: 'plain text', body: { raw: text, contentType: 'text/plain' } },
      { ...base, what: 'a form', body: { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' } },
    );
    if (input.bodyRequired) {
      boundary.push(
        { ...base, what: 'no body', body: undefined },
        { ...base, what: 'an empty JSON body', body: { raw: '', contentType: 'application/json' } },
      );
    }

    // Missing required fields and unknown fields, wherever there is an object.
    for (const slot of [{ path: [], schema: bodySchema }, ...slotsOf(bodySchema, body)]) {
      const present = valueAt(body, slot.path);
      const object = objectSchemaOf(slot.schema, present);
      if (!object || typeof present !== 'object' || present === null || Array.isArray(present)) continue;
      const where = slot.path.length ? slot.path.join('.') : 'the body';
      for (const key of object.required ?? []) {
        boundary.push({
          ...base,
          what: `${where} without ${key}`,
          body: { json: withoutKeyAt(body, slot.path, key) },
        });
      }
      if (object.additionalProperties === false) {
        boundary.push({
          ...base,
          what: `${where} with an unknown field`,
          body: { json: withValueAt(body, [...slot.path, 'zz_unknown'], 1) },
        });
      }
    }

    for (const slot of slotsOf(bodySchema, body)) {
      add(badValues(slot.schema, String(slot.path.at(-1)), input.otherUserId), (value) => ({
        ...base,
        what: `${slot.path.join('.')} = ${jsonText(value).slice(0, 60)}`,
        body: { json: withValueAt(body, slot.path, value) },
      }));
    }
  }
  if (boundary.length === 0) throw new Error('this route takes no input to break');
  return { boundary, random: random.length > 0 ? fc.oneof(...random) : undefined };
}
