//! The platform runs in web workers: one worker per pending algorithm (the Experiments
//! page's [`Pool`]), started when the state's run number changes; a newer run, Cancel, or
//! leaving the model drops the pool, which terminates the workers.

use hetcast_worker::{Job, Request};
use yew::prelude::*;

use super::PlatformAction;
use crate::components::StateProps;
use crate::experiments::pool::Pool;
use crate::models::ModelState;

/// Starts and stops the workers of the platform model on screen (renders nothing).
#[function_component(PlatformRunner)]
pub fn platform_runner(p: &StateProps) -> Html {
    let state = &p.state;
    let pool = use_mut_ref(|| None::<Pool>);
    let (job, requests) = match &state.model {
        ModelState::Platform(s) if !s.pending.is_empty() => {
            let instance = s.instance.to_json();
            let requests: Vec<Request> = s
                .pending
                .iter()
                .map(|p| Request {
                    id: s.job,
                    job: Job::Platform {
                        instance: instance.clone(),
                        algo: p.algo,
                    },
                })
                .collect();
            (Some(s.job), requests)
        }
        _ => (None, Vec::new()),
    };
    {
        let dispatcher = state.dispatcher();
        use_effect_with(job, move |job| {
            pool.borrow_mut().take();
            if let Some(job) = *job {
                let on = {
                    let dispatcher = dispatcher.clone();
                    Callback::from(move |(index, message)| {
                        dispatcher.dispatch(
                            PlatformAction::Worker {
                                job,
                                index,
                                message,
                            }
                            .into(),
                        )
                    })
                };
                let n = requests.len();
                match Pool::start(requests, on.clone()) {
                    Ok(p) => *pool.borrow_mut() = Some(p),
                    Err(error) => {
                        for index in 0..n {
                            let error = error.clone();
                            on.emit((index, hetcast_worker::Message::Failed { id: job, error }));
                        }
                    }
                }
            }
            move || drop(pool.borrow_mut().take())
        });
    }
    html! {}
}
