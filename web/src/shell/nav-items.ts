import {
  Bot,
  Calendar,
  CircleUser,
  FolderKanban,
  Handshake,
  LayoutDashboard,
  ListTodo,
  Mail,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const navItems: NavItem[] = [
  { to: '/app/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/app/contacts', label: 'Contacts', icon: Users },
  { to: '/app/deals', label: 'Deals', icon: Handshake },
  { to: '/app/projects', label: 'Projects', icon: FolderKanban },
  { to: '/app/tasks', label: 'Tasks', icon: ListTodo },
  { to: '/app/profile', label: 'Profile', icon: CircleUser },
  { to: '/app/chatbot', label: 'Chatbot', icon: Bot },
  { to: '/app/calendar', label: 'Calendar', icon: Calendar },
  { to: '/app/email', label: 'Email', icon: Mail },
  { to: '/app/settings', label: 'Settings', icon: Settings },
];
