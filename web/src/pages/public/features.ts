import {
  Bot,
  CalendarClock,
  ClipboardList,
  FileText,
  FolderKanban,
  Handshake,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** The seven features of spec part 1 §1, in its order. */
export const features: Feature[] = [
  {
    title: 'Contact Management',
    description: 'Keep every contact and their details in one organised place.',
    icon: Users,
  },
  {
    title: 'Deal Pipeline',
    description: 'Track deals through every sales stage and see what needs attention next.',
    icon: Handshake,
  },
  {
    title: 'Project Management',
    description: 'Plan projects, follow their progress and keep your team on track.',
    icon: FolderKanban,
  },
  {
    title: 'Task Management',
    description: 'Organise tasks, set due dates and never miss a deadline.',
    icon: ClipboardList,
  },
  {
    title: 'Scheduling',
    description: 'Let clients book meetings with you through integrated scheduling.',
    icon: CalendarClock,
  },
  {
    title: 'AI Chatbot',
    description: 'Engage website visitors 24/7 with an AI-powered chatbot.',
    icon: Bot,
  },
  {
    title: 'Lead Forms',
    description: 'Build customisable forms that capture and qualify leads.',
    icon: FileText,
  },
];
