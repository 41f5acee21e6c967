import { Body, Delete, Get, HttpCode, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ok, paged } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { IdParam } from '../../common/id-param.js';
import { AppCapability, AppScoped, CurrentApp, type OwnedApp } from '../apps/app-access.js';
import {
  CreateStoreConnectionDto,
  CreateStoreProductDto,
  ListStoreEventsQuery,
  ListStoreOrdersQuery,
  UpdateStoreConnectionDto,
  UpdateStoreProductDto,
} from './store.dto.js';
import { StoreConnectionsService } from './store-connections.service.js';
import { StoreOrdersService } from './store-orders.service.js';

/** Scheme and host the owner reached the API at, for webhook URLs when PUBLIC_URL is not set. */
function originOf(request: FastifyRequest): string | null {
  return request.host ? `${request.protocol}://${request.host}` : null;
}

/** An app's store connections, product mappings, orders and received events (owner and admin: docs/selling.md). */
@ApiTags('store')
@AppScoped('store')
export class StoreController {
  constructor(
    private readonly connections: StoreConnectionsService,
    private readonly orders: StoreOrdersService,
  ) {}

  @Get('connections')
  @AppCapability('store')
  @ApiOperation({ summary: 'Store connections of the app, oldest first, with the webhook URL to paste; never secrets' })
  async listConnections(@CurrentApp() app: OwnedApp, @Req() request: FastifyRequest) {
    return ok(await this.connections.list(app.id, originOf(request)));
  }

  @Post('connections')
  @AppCapability('store')
  @ApiOperation({ summary: 'Connect a store; a generic connection’s signing secret is made and shown only here' })
  async createConnection(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @Body() body: CreateStoreConnectionDto,
    @Req() request: FastifyRequest,
  ) {
    return ok(await this.connections.create(actor, app.id, body, originOf(request)));
  }

  @Patch('connections/:connectionId')
  @AppCapability('store')
  @ApiOperation({ summary: 'Rename, turn on or off, or paste the store’s new signing secret' })
  async updateConnection(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('connectionId') connectionId: string,
    @Body() body: UpdateStoreConnectionDto,
    @Req() request: FastifyRequest,
  ) {
    return ok(await this.connections.update(actor, app.id, connectionId, body, originOf(request)));
  }

  @Post('connections/:connectionId/secret')
  @AppCapability('store')
  @HttpCode(200)
  @ApiOperation({ summary: 'A generic connection’s new signing secret, shown only here; the old one stops at once' })
  async rotateSecret(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('connectionId') connectionId: string,
    @Req() request: FastifyRequest,
  ) {
    return ok(await this.connections.rotateSecret(actor, app.id, connectionId, originOf(request)));
  }

  @Delete('connections/:connectionId')
  @AppCapability('store')
  @ApiOperation({ summary: 'Delete a connection and its mappings; one with orders: 409, disable it instead' })
  async removeConnection(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('connectionId') connectionId: string,
  ) {
    await this.connections.remove(actor, app.id, connectionId);
    return ok({});
  }

  @Get('connections/:connectionId/products')
  @AppCapability('store')
  @ApiOperation({ summary: 'The connection’s product mappings, oldest first' })
  async listProducts(@CurrentApp() app: OwnedApp, @IdParam('connectionId') connectionId: string) {
    return ok(await this.connections.listProducts(app.id, connectionId));
  }

  @Post('connections/:connectionId/products')
  @AppCapability('store')
  @ApiOperation({ summary: 'Map a store product to what one unit yields; 409 when it is mapped already' })
  async createProduct(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('connectionId') connectionId: string,
    @Body() body: CreateStoreProductDto,
  ) {
    return ok(await this.connections.createProduct(actor, app.id, connectionId, body));
  }

  @Patch('products/:productId')
  @AppCapability('store')
  async updateProduct(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('productId') productId: string,
    @Body() body: UpdateStoreProductDto,
  ) {
    return ok(await this.connections.updateProduct(actor, app.id, productId, body));
  }

  @Delete('products/:productId')
  @AppCapability('store')
  @ApiOperation({ summary: 'Delete a mapping; its orders keep their keys and product name' })
  async removeProduct(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('productId') productId: string,
  ) {
    await this.connections.removeProduct(actor, app.id, productId);
    return ok({});
  }

  @Get('orders')
  @AppCapability('store')
  @ApiOperation({ summary: 'Orders, newest first; search: buyer email, store order id or key (exact or prefix)' })
  async listOrders(@CurrentApp() app: OwnedApp, @Query() query: ListStoreOrdersQuery) {
    return paged(await this.orders.list(app.id, query), query);
  }

  @Get('orders/:orderId')
  @AppCapability('store')
  @ApiOperation({ summary: 'An order with its keys and every event that named it' })
  async getOrder(@CurrentApp() app: OwnedApp, @IdParam('orderId') orderId: string) {
    return ok(await this.orders.get(app.id, orderId));
  }

  @Get('events')
  @AppCapability('store')
  @ApiOperation({ summary: 'Received store events, newest first, refused ones with their reason' })
  async listEvents(@CurrentApp() app: OwnedApp, @Query() query: ListStoreEventsQuery) {
    return paged(await this.orders.events(app.id, query), query);
  }
}
