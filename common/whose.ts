import { z } from 'zod';

/**
 * Whose records a board or a list shows (issue 29), within what the member sees: the member's own ("mine"), those
 * another member owns and assigned to them ("assigned"), or all of them ("everyone", the default). The screens keep
 * it in their URL as `whose`; the API takes it as a query parameter of the same name.
 */
export const whoseFilters = ['mine', 'assigned', 'everyone'] as const;
export type Whose = (typeof whoseFilters)[number];

/** Deals have no assignee: their board shows the member's own or everyone's. */
export const dealWhoseFilters = ['mine', 'everyone'] as const;
export type DealWhose = (typeof dealWhoseFilters)[number];

export const whoseLabels: Record<Whose, string> = {
  mine: 'Mine',
  assigned: 'Assigned to me',
  everyone: 'Everyone',
};

/** The deal board's words for its two choices, beside the pipeline's name. */
export const dealWhoseLabels: Record<DealWhose, string> = {
  mine: 'My deals',
  everyone: 'All deals',
};

export const whoseMessages = {
  label: 'Show',
  invalid: 'Show must be mine, assigned or everyone',
  dealInvalid: 'Show must be mine or everyone',
} as const;

/** Left out, everyone's. */
export const whoseSchema = z.enum(whoseFilters, { message: whoseMessages.invalid }).optional();
export const dealWhoseSchema = z.enum(dealWhoseFilters, { message: whoseMessages.dealInvalid }).optional();
