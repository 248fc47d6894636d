import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * What a `Field` of a react-hook-form form is given, by the field's name: its registration and its error message.
 * Read during render, like `formState.errors` itself.
 */
export function fieldsOf<Values extends FieldValues>({
  register,
  formState,
}: Pick<UseFormReturn<Values>, 'register' | 'formState'>) {
  const errors = formState.errors;
  return <Name extends FieldPath<Values>>(name: Name) => {
    const error: FieldError | undefined = get(errors, name);
    return { ...register(name), error: error?.message };
  };
}

/**
 * A react-hook-form form checked by a zod schema: its values are the schema's input, what it submits the schema's
 * output; `errors` is its field errors and `field(name)` what a `Field` of it is given (see `fieldsOf`).
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  return { ...form, errors: form.formState.errors, field: fieldsOf(form) };
}
