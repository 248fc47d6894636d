import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { showFieldErrors } from './field-errors';

const names = ['name', 'description'] as const;

function collect(error: unknown) {
  const shown: Array<[string, string]> = [];
  const result = showFieldErrors(error, names, (name, { message }) => shown.push([name, message]));
  return { result, shown };
}

describe('showFieldErrors', () => {
  it("puts a 400's messages under the form's own fields, and only those", () => {
    const error = new ApiError(400, 'Name is required', { name: 'Name is required', draftFlow: 'Invalid flow' });
    expect(collect(error)).toEqual({ result: true, shown: [['name', 'Name is required']] });
  });

  it('leaves the form to show the error whole when no field of it is named', () => {
    expect(collect(new ApiError(422, 'Publish the flow first', { isActive: 'Publish the flow first' }))).toEqual({
      result: false,
      shown: [],
    });
    expect(collect(new ApiError(500, 'Request failed'))).toEqual({ result: false, shown: [] });
    expect(collect(new TypeError('Failed to fetch'))).toEqual({ result: false, shown: [] });
  });
});
