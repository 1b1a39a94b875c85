// The six predefined guardrails, deployed or not. Each deploy is backed by a model id, as the
// deploy sample shows one.
export class GuardrailStore {
  private readonly deployed = new Map<string, string>();

  isDeployed(name: string): boolean {
    return this.deployed.has(name);
  }

  deploy(name: string, modelId: string): void {
    this.deployed.set(name, modelId);
  }

  modelOf(name: string): string | undefined {
    return this.deployed.get(name);
  }

  undeploy(name: string): void {
    this.deployed.delete(name);
  }

  names(): string[] {
    return [...this.deployed.keys()];
  }

  clear(): void {
    this.deployed.clear();
  }
}
