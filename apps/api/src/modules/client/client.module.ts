import { Module } from '@nestjs/common';
import { AppsModule } from '../apps/apps.module.js';
import { ClientController } from './client.controller.js';
import { ClientService } from './client.service.js';

@Module({
  imports: [AppsModule],
  controllers: [ClientController],
  providers: [ClientService],
})
export class ClientModule {}
