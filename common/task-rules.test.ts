import { describe, expect, it } from 'vitest';
import { taskStatusBadgeVariant } from './task-rules';

describe('task status badges', () => {
  it("shows 'To Do' as default, 'In Progress' as primary, 'Done' as success and anything else as default", () => {
    expect(taskStatusBadgeVariant('To Do')).toBe('default');
    expect(taskStatusBadgeVariant('In Progress')).toBe('primary');
    expect(taskStatusBadgeVariant('Done')).toBe('success');
    expect(taskStatusBadgeVariant('done')).toBe('default');
    expect(taskStatusBadgeVariant('')).toBe('default');
  });
});
