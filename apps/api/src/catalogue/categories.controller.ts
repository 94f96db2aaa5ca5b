import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AddCategoryRequestSchema,
  UpdateCategoryRequestSchema,
  type Category,
  type CategoryListResponse,
  CategoryListResponseSchema,
  CategoryResponseSchema,
  MessageResponseBodySchema,
} from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../auth/auth-context';
import { IdParam } from '../common/validation/id-param';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { DELETED } from './deleted';
import { CategoriesService } from './categories.service';
import { Responds } from '../common/openapi/responds';

class AddCategoryDto extends createZodDto(AddCategoryRequestSchema) {}
class UpdateCategoryDto extends createZodDto(UpdateCategoryRequestSchema) {}

@ApiTags('categories')
@Controller('user/category')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @RequirePermission('view:category')
  @Get('list')
  @Responds(CategoryListResponseSchema)
  async list(@Auth() auth: AuthContext): Promise<CategoryListResponse> {
    return { categories: await this.categories.list(auth.businessId) };
  }

  @RequirePermission('view:category')
  @Get('list/in-use')
  @Responds(CategoryListResponseSchema)
  async inUse(@Auth() auth: AuthContext): Promise<CategoryListResponse> {
    return { categories: await this.categories.list(auth.businessId, true) };
  }

  @RequirePermission('create:category')
  @Post('add')
  @Responds(CategoryResponseSchema, { errors: [404, 409] })
  async add(@Auth() auth: AuthContext, @Body() body: AddCategoryDto): Promise<{ category: Category }> {
    return { category: await this.categories.add(auth, body) };
  }

  @RequirePermission('update:category')
  @Patch('update')
  @Responds(CategoryResponseSchema, { errors: [404, 409] })
  async update(@Auth() auth: AuthContext, @Body() body: UpdateCategoryDto): Promise<{ category: Category }> {
    return { category: await this.categories.update(auth, body) };
  }

  @RequirePermission('delete:category')
  @Delete('delete/:id')
  @HttpCode(200)
  @Responds(MessageResponseBodySchema, { errors: [409] })
  async delete(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<{ message: string }> {
    await this.categories.delete(auth, params.id);
    return DELETED;
  }
}
