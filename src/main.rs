use clap::Parser;

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = stratagem::cli::Cli::parse();
    std::process::exit(stratagem::cli::run(cli));
}
