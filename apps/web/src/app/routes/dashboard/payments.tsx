import { AdminSales } from '../../../features/payments/components/admin-sales.tsx';

export default function PaymentsPage() {
  return <AdminSales />;
}
