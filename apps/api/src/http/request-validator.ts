import { describeErrors, hasDefaults, prepareValue, type UnknownProperty } from '@store/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { AppError } from '../errors.ts';

/*
 * Fastify validates the route table's params, query and body with TypeBox's own compiler, as the forms
 * check the same schemas with TypeBox (packages/contracts/src/validate.ts): one validator, one meaning
 * of `additionalProperties: false` (unknown properties removed), one error mapper with the schemas'
 * own messages. See docs/decisions/016-one-validator-and-error-codes.md.
 */

/** Schemas are shared between routes (IdParamsSchema...): each is compiled once, when the routes are registered. */
const compiled = new WeakMap<TSchema, Validator>();

function validatorOf(schema: TSchema): Validator {
  let validator = compiled.get(schema);
  if (!validator) compiled.set(schema, (validator = Compile(schema)));
  return validator;
}

/**
 * Fastify's validator compiler for a route's params, querystring and body: prepares the value as the
 * forms do (text read as numbers, defaults filled, unknown properties of closed objects removed),
 * checks it, and refuses it with 400 `validation_error` and the first field's sentence (a missing property's
 * names it, and the unknown properties sent beside it).
 */
export const requestValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = validatorOf(schema);
  // A value that passes as sent needs no conversion and has no unknown property in a closed object; only a default may be missing.
  const preparedWhenValid = hasDefaults(schema);
  return (data: unknown) => {
    try {
      if (!preparedWhenValid && validator.Check(data)) return { value: data };
      const unknown: UnknownProperty[] = [];
      const value = prepareValue(schema, data, unknown);
      if (validator.Check(value)) return { value };
      // Unknown properties are named beside a missing one: most likely it, misspelled.
      const [first] = describeErrors(schema, value, validator.Errors(value), httpPart ?? 'request', unknown);
      return { error: new AppError('bad_request', first?.message ?? 'Invalid request', 'validation_error') };
    } catch (error) {
      // JSON nested deeper than the stack allows (100,000 brackets parse, but walking them overflows): refused, not a 500.
      if (error instanceof RangeError) return { error: new AppError('bad_request', `The ${httpPart ?? 'request'} is nested too deeply`, 'validation_error') };
      throw error;
    }
  };
};
