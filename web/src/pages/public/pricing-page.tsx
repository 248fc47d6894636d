import { Link } from 'react-router';
import { ArrowLeft, Check } from 'lucide-react';
import { buttonClasses } from '../../components/button';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { faqs, plans } from './plans';

export function PricingPage() {
  useDocumentTitle('Pricing');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to="/"
        className="inline-flex items-center gap-2 rounded text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-400"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Home
      </Link>
      <div className="mt-8 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Simple, transparent pricing</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-400">
          Choose the plan that best fits your needs. All plans include a 14-day free trial.
        </p>
      </div>

      <ul className="mt-14 grid items-start gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <li
            key={plan.name}
            className={cn(
              'relative flex h-full flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8 dark:bg-slate-900',
              plan.popular
                ? 'border-indigo-500 ring-2 ring-indigo-500 lg:-mt-4 lg:pb-12'
                : 'border-slate-200 dark:border-slate-800',
            )}
          >
            {plan.popular && (
              <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
                Most Popular
              </span>
            )}
            <h2 id={`plan-${plan.name}`} className="text-xl font-semibold">
              {plan.name}
            </h2>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{plan.description}</p>
            <p className="mt-6 flex items-baseline gap-1">
              <span className="text-4xl font-extrabold tracking-tight">${plan.price}</span>
              <span className="text-slate-600 dark:text-slate-400">/month</span>
            </p>
            <ul className="mt-6 flex-1 space-y-3 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-3">
                  <Check aria-hidden="true" className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
                  {feature}
                </li>
              ))}
            </ul>
            <Link to="/signup" className={buttonClasses(plan.popular ? 'primary' : 'secondary', 'lg', 'mt-8 w-full')}>
              Start {plan.name} trial
            </Link>
          </li>
        ))}
      </ul>

      <section aria-labelledby="faq-title" className="mx-auto mt-24 max-w-3xl">
        <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight">
          Frequently asked questions
        </h2>
        <dl className="mt-10 divide-y divide-slate-200 dark:divide-slate-800">
          {faqs.map(({ question, answer }) => (
            <div key={question} className="py-6">
              <dt className="font-semibold">{question}</dt>
              <dd className="mt-2 text-slate-600 dark:text-slate-400">{answer}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
