/** A drawn (not photographed) preview of the app's dashboard for the landing hero. */
const stats = [
  { label: 'Total Deals', value: '$48,250', tone: 'bg-indigo-500' },
  { label: 'Contacts', value: '1,284', tone: 'bg-emerald-500' },
  { label: 'Projects', value: '12', tone: 'bg-amber-500' },
  { label: 'Open Tasks', value: '37', tone: 'bg-sky-500' },
];
const bars = [38, 52, 45, 63, 58, 72, 80, 68, 86, 92, 78, 96];
const columns = [
  { name: 'Lead', cards: 3 },
  { name: 'Proposal', cards: 2 },
  { name: 'Negotiation', cards: 1 },
];

export function DashboardPreview() {
  return (
    <figure
      role="img"
      aria-label="Preview of the Pipewise dashboard with deal totals, a revenue chart and a deal pipeline"
      className="relative mx-auto w-full max-w-5xl"
    >
      <div
        aria-hidden="true"
        className="absolute -inset-4 rounded-3xl bg-linear-to-tr from-indigo-500/20 via-sky-400/10 to-emerald-400/20 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-4 py-2.5 dark:border-slate-800 dark:bg-slate-950">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-emerald-400" />
          <span className="ml-3 h-4 w-40 rounded bg-slate-200 dark:bg-slate-800" />
        </div>
        <div className="flex">
          <div className="hidden w-40 shrink-0 space-y-2 border-r border-slate-200 p-3 sm:block dark:border-slate-800">
            {Array.from({ length: 7 }, (_, i) => (
              <div
                key={i}
                className={i === 0 ? 'h-6 rounded bg-indigo-500/20' : 'h-6 rounded bg-slate-100 dark:bg-slate-800'}
              />
            ))}
          </div>
          <div className="min-w-0 flex-1 space-y-3 p-3 sm:p-4">
            <div className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-4">
              {stats.map((stat) => (
                <div key={stat.label} className="rounded-lg border border-slate-200 p-2.5 sm:p-3 dark:border-slate-800">
                  <div className="flex items-center gap-1.5">
                    <span className={`size-2 rounded-full ${stat.tone}`} />
                    <span className="truncate text-[10px] text-slate-500 sm:text-xs dark:text-slate-400">
                      {stat.label}
                    </span>
                  </div>
                  <div className="mt-1 text-sm font-semibold sm:text-lg">{stat.value}</div>
                </div>
              ))}
            </div>
            <div className="grid gap-3 md:grid-cols-5">
              <div className="rounded-lg border border-slate-200 p-3 md:col-span-3 dark:border-slate-800">
                <div className="mb-3 h-3 w-28 rounded bg-slate-200 dark:bg-slate-700" />
                <div className="flex h-28 items-end gap-1.5 sm:h-36">
                  {bars.map((height, i) => (
                    <div
                      key={i}
                      className="flex-1 rounded-t bg-linear-to-t from-indigo-600 to-indigo-400"
                      style={{ height: `${height}%` }}
                    />
                  ))}
                </div>
              </div>
              <div className="hidden gap-2 rounded-lg border border-slate-200 p-3 md:col-span-2 md:grid md:grid-cols-3 dark:border-slate-800">
                {columns.map((column) => (
                  <div key={column.name} className="space-y-2">
                    <div className="truncate text-[10px] font-medium text-slate-500 dark:text-slate-400">
                      {column.name}
                    </div>
                    {Array.from({ length: column.cards }, (_, i) => (
                      <div
                        key={i}
                        className="space-y-1 rounded-md border border-slate-200 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-800"
                      >
                        <div className="h-2 w-4/5 rounded bg-slate-300 dark:bg-slate-600" />
                        <div className="h-2 w-1/2 rounded bg-emerald-400/70" />
                      </div>
                    ))}
                  </div>
                ))}
              </div>
            </div>
          </div>
        </div>
      </div>
    </figure>
  );
}
