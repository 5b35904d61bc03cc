/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for
 * responses), each run when a route first needs it instead of for all 150
 * routes at start: compiling them all took about 0.7 s of CPU before the
 * first answer (issue 15, part 5; docs/decisions.md "Start-up and
 * scale-out"). The compiled functions are the same ones Fastify would use;
 * only the moment of compilation moves, to the route's first request.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compiler<Route, Compiled> = (route: Route) => Compiled;

interface Validator {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  /** Set on Ajv's functions: Fastify then passes the parent object so a root value can be coerced. */
  schemaEnv?: unknown;
}

function lazyValidator(compile: () => Validator): Validator {
  let compiled: Validator | undefined;
  const validate: Validator = (data, context) => {
    compiled ??= compile();
    const result = compiled.schemaEnv ? compiled(data, context) : compiled(data);
    validate.errors = compiled.errors;
    return result;
  };
  // Ajv's functions all carry schemaEnv; the wrapper must get the same context.
  validate.schemaEnv = true;
  return validate;
}

function lazySerializer(compile: () => (doc: unknown) => string): (doc: unknown) => string {
  let compiled: ((doc: unknown) => string) | undefined;
  return (doc) => (compiled ??= compile())(doc);
}

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type CompilersFactory = NonNullable<SchemaController['compilersFactory']>;
type Factory<Compiled> = (
  externalSchemas: unknown,
  options: unknown,
) => Compiler<unknown, Compiled>;

/**
 * The `schemaController` option of Fastify that compiles each route's
 * schemas on first use, except those of the routes `eager` names (the
 * readiness probe must answer at once).
 */
export function lazySchemaController(
  eager: (route: { url?: string }) => boolean = () => false,
): SchemaController {
  const buildValidator = AjvCompiler() as unknown as Factory<Validator>;
  const buildSerializer = SerializerSelector() as unknown as Factory<(doc: unknown) => string>;
  const lazyValidators: Factory<Validator> = (externalSchemas, options) => {
    const compile = buildValidator(externalSchemas, options);
    return (route) =>
      eager(route as { url?: string }) ? compile(route) : lazyValidator(() => compile(route));
  };
  const lazySerializers: Factory<(doc: unknown) => string> = (externalSchemas, options) => {
    const compile = buildSerializer(externalSchemas, options);
    return (route) =>
      eager(route as { url?: string }) ? compile(route) : lazySerializer(() => compile(route));
  };
  // Fastify's types name Ajv's function type; the wrappers behave as one (errors, schemaEnv).
  return {
    compilersFactory: {
      buildValidator: lazyValidators as unknown as CompilersFactory['buildValidator'],
      buildSerializer: lazySerializers as unknown as CompilersFactory['buildSerializer'],
    },
  };
}
