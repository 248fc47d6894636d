/** The plans of spec §9: display data only, no billing. */
export interface Plan {
  name: string;
  /** Monthly price in USD. */
  price: number;
  description: string;
  features: string[];
  popular: boolean;
}

export const plans: Plan[] = [
  {
    name: 'Starter',
    price: 29,
    description: 'Perfect for small businesses getting started',
    features: ['Up to 1,000 contacts', 'Basic CRM features', 'Task management', 'Email integration', 'Basic reporting'],
    popular: false,
  },
  {
    name: 'Professional',
    price: 79,
    description: 'Ideal for growing teams that need more power',
    features: [
      'Up to 10,000 contacts',
      'Advanced CRM features',
      'Project management',
      'AI chatbot',
      'Custom forms',
      'Advanced analytics',
      'Priority support',
    ],
    popular: true,
  },
  {
    name: 'Enterprise',
    price: 199,
    description: 'For large organisations with advanced needs',
    features: [
      'Unlimited contacts',
      'Enterprise CRM features',
      'Advanced automation',
      'Custom integrations',
      'Dedicated support',
      'SLA guarantees',
      'Custom training',
      'API access',
    ],
    popular: false,
  },
];

export const faqs: Array<{ question: string; answer: string }> = [
  {
    question: 'Can I change plans later?',
    answer: 'Yes, you can upgrade or downgrade your plan at any time. Changes take effect immediately.',
  },
  {
    question: 'What payment methods do you accept?',
    answer: 'We accept all major credit cards, PayPal, and bank transfer for annual plans.',
  },
  {
    question: 'Is there a discount for annual billing?',
    answer: 'Yes, you save 20% on any plan when you choose annual billing.',
  },
  {
    question: 'What kind of support do you offer?',
    answer:
      'All plans include email support. Professional and Enterprise plans also include priority support with faster response times.',
  },
];
