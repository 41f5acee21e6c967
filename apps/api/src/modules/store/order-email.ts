import { Injectable } from '@nestjs/common';

/**
 * Where fulfilment hands a new order to the buyer's email (store-delivery
 * fills this in with the mail module): `enabled` decides the order's
 * `email_status` ('pending' with a buyer email, else 'off'), and `afterCommit`
 * is called with the ids of orders whose email is pending, once their
 * transaction has committed (never before: a rolled-back order sends nothing).
 */
@Injectable()
export class OrderEmail {
  get enabled(): boolean {
    return false;
  }

  afterCommit(orderIds: string[]): void {
    void orderIds;
  }
}
