import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SlidersHorizontal, X } from 'lucide-react';
import { taskStatuses } from '@common/constants';
import { taskDueFilterLabels, taskDueFilters, type Category } from '@common/tasks';
import { whoseLabels } from '@common/whose';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { WhoseSelect } from '../../components/whose-select';
import { cn } from '../../lib/cn';
import { useIsTeam } from '../team/people-select';
import { dealNameQuery, dealOptionsQuery, projectNameQuery, projectOptionsQuery } from './api';
import { filterNames, hasFilters, type FilterName, type TaskFilters } from './filters';
import { LinkPicker, type Picked } from './link-picker';

/** Typing waits this long before the address (and the request) follows. */
const SEARCH_DELAY_MS = 300;

interface FiltersBarProps {
  filters: TaskFilters;
  setFilters: (changes: Partial<Record<FilterName, string | null>>, options?: { replace?: boolean }) => void;
  clearFilters: () => void;
  categories: Category[] | undefined;
}

const whoseChoices = [
  { value: 'mine', label: whoseLabels.mine },
  { value: 'assigned', label: whoseLabels.assigned },
] as const;

/**
 * Status, category, project, deal, due and text, and in a team whose tasks; all kept in the address, so a filtered
 * view can be shared.
 */
export function FiltersBar({ filters, setFilters, clearFilters, categories }: FiltersBarProps) {
  const qc = useQueryClient();
  const projectName = useQuery({ ...projectNameQuery(filters.projectId ?? ''), enabled: Boolean(filters.projectId) });
  const dealName = useQuery({ ...dealNameQuery(filters.dealId ?? ''), enabled: Boolean(filters.dealId) });
  const project: Picked | null = filters.projectId ? { id: filters.projectId, name: projectName.data ?? '' } : null;
  const deal: Picked | null = filters.dealId ? { id: filters.dealId, name: dealName.data ?? '' } : null;

  const [text, setText] = useState(filters.q ?? '');
  const urlText = filters.q ?? '';
  // The address changed without typing (Clear filters, Back): the box follows it.
  const [seenUrlText, setSeenUrlText] = useState(urlText);
  if (urlText !== seenUrlText) {
    setSeenUrlText(urlText);
    if (text.trim() !== urlText) setText(urlText);
  }
  useEffect(() => {
    if (text.trim() === urlText) return;
    const timer = setTimeout(() => setFilters({ q: text.trim() || null }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, urlText, setFilters]);

  const gridId = useId();
  const [unfolded, setUnfolded] = useState(false);
  const active = filterNames.filter((name) => filters[name] !== undefined).length;
  const unknownCategory = categories && filters.categoryId && !categories.some((c) => c.id === filters.categoryId);
  // Alone in the workspace every task is one's own: the choice appears with a colleague (or a link that made it).
  const showsWhose = useIsTeam() || filters.whose !== undefined;

  return (
    <div
      role="search"
      aria-label="Task filters"
      className="mb-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      {/* On a phone the six fields would push the board below the fold: they fold away behind a button. */}
      <Button
        variant="secondary"
        size="sm"
        className="sm:hidden"
        aria-expanded={unfolded}
        aria-controls={gridId}
        onClick={() => setUnfolded(!unfolded)}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters{active > 0 ? ` (${active})` : ''}
      </Button>
      <div
        id={gridId}
        className={cn(
          unfolded ? 'mt-3 grid sm:mt-0' : 'hidden sm:grid',
          'gap-3 sm:grid-cols-2',
          showsWhose ? 'lg:grid-cols-4 2xl:grid-cols-7' : 'lg:grid-cols-3 2xl:grid-cols-6',
        )}
      >
        <Field
          label="Search tasks"
          type="search"
          autoComplete="off"
          placeholder="Name or description"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {showsWhose && (
          <WhoseSelect
            choices={whoseChoices}
            everyoneLabel={whoseLabels.everyone}
            value={filters.whose}
            onChange={(whose) => setFilters({ whose })}
          />
        )}
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(e) => setFilters({ status: e.target.value })}
        >
          <option value="">All statuses</option>
          {taskStatuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Category"
          value={filters.categoryId ?? ''}
          onChange={(e) => setFilters({ categoryId: e.target.value })}
        >
          <option value="">All categories</option>
          {categories?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
          {unknownCategory && <option value={filters.categoryId}>Unknown category</option>}
        </SelectField>
        <LinkPicker
          label="Project"
          plural="projects"
          floating
          search={projectOptionsQuery}
          value={project}
          onChange={(next) => {
            if (next) qc.setQueryData(projectNameQuery(next.id).queryKey, next.name);
            setFilters({ projectId: next?.id ?? null });
          }}
        />
        <LinkPicker
          label="Deal"
          plural="deals"
          floating
          search={dealOptionsQuery}
          value={deal}
          onChange={(next) => {
            if (next) qc.setQueryData(dealNameQuery(next.id).queryKey, next.name);
            setFilters({ dealId: next?.id ?? null });
          }}
        />
        <SelectField label="Due" value={filters.due ?? ''} onChange={(e) => setFilters({ due: e.target.value })}>
          <option value="">Any due date</option>
          {taskDueFilters.map((due) => (
            <option key={due} value={due}>
              {taskDueFilterLabels[due]}
            </option>
          ))}
        </SelectField>
        {hasFilters(filters) && (
          <div className="col-span-full">
            <Button variant="ghost" size="sm" onClick={clearFilters}>
              <X aria-hidden="true" className="size-4" />
              Clear filters
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
