import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { buttonClasses } from '../../components/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DashboardPreview } from './dashboard-preview';
import { features } from './features';

export function LandingPage() {
  useDocumentTitle();
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.18),transparent_60%)]"
        />
        <div className="mx-auto max-w-7xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24">
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            Manage your business with confidence
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 dark:text-slate-400">
            Pipewise combines CRM, project management and automation tools in one place, so you can streamline your
            workflow and grow your business.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/signup" className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
              Start Free Trial
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <a href="#features" className={buttonClasses('secondary', 'lg', 'w-full sm:w-auto')}>
              Learn More
            </a>
          </div>
        </div>
        <div className="px-4 pb-20 sm:px-6">
          <DashboardPreview />
        </div>
      </section>

      <section
        id="features"
        aria-labelledby="features-title"
        className="scroll-mt-20 border-t border-slate-200 bg-white py-20 dark:border-slate-800 dark:bg-slate-900/40"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
            Everything you need to succeed
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-center text-slate-600 dark:text-slate-400">
            One workspace for your contacts, deals, projects, tasks and the tools that bring new leads in.
          </p>
          {/* Flex rather than grid so the odd seventh card sits centred under the others. */}
          <ul className="mt-12 flex flex-wrap justify-center gap-6">
            {features.map(({ title, description, icon: Icon }) => (
              <li
                key={title}
                className="w-full rounded-xl border border-slate-200 bg-slate-50 p-6 sm:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)] xl:w-[calc((100%-4.5rem)/4)] transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="flex size-11 items-center justify-center rounded-lg bg-indigo-600 text-white">
                  <Icon aria-hidden="true" className="size-5" />
                </div>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <div className="rounded-2xl bg-indigo-600 px-6 py-12 text-center text-white shadow-xl sm:px-12">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
              Ready to get started?
            </h2>
            <p className="mt-3 text-lg text-indigo-100">Start your free trial today.</p>
            <Link
              to="/signup"
              className="mt-8 inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-white px-6 font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Get Started
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
