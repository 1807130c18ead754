import { Controller, Get, Injectable, Module, Route } from "@trellis/core";

// Two modules for the module graph tests: UsersModule (a controller and a provider) imports
// StoreModule, which exports its one provider.

class Store {}

@Module({ providers: [Store], exports: [Store] })
class StoreModule {}

@Injectable()
class Users {
  constructor(readonly store: Store) {}
}

@Route("/users")
class UserController extends Controller {
  constructor(readonly users: Users) {
    super();
  }
  @Get()
  list() {
    return [];
  }
}

@Module({ imports: [StoreModule], controllers: [UserController], providers: [Users] })
export class UsersModule {}
