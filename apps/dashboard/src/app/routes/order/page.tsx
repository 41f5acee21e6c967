import { getRouteApi } from '@tanstack/react-router';
import { OrderPageScreen } from '@/features/order-page/components/order-page-screen';

const orderRoute = getRouteApi('/order/$token');

export function OrderPage() {
  const { token } = orderRoute.useParams();
  return <OrderPageScreen token={token} />;
}
