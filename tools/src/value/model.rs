//! `train value`: fits the learned value (src/search/value.rs) to positions
//! of the bot's games (tools/src/value/data.rs) and writes it out.
//!
//! The model is a multilayer perceptron with ReLU: `FEATURES` inputs, the
//! hidden widths asked for, one output added to the extrapolated objective,
//! fitted to the game's final objective by mean squared error with candle's
//! AdamW. Its initial weights and the order of the minibatches come from
//! the run's seed, so a run repeats. Two outputs: the bot's weights as Rust
//! source (quantized to i16 per output unit and written as text,
//! src/search/value_weights.rs),
//! and the float weights as JSON, which the parity test and the accuracy
//! report read.

use std::path::Path;

use ahc061::search::value::{ALPHABET, FEATURES, Layer, MAX_WIDTH, ValueNet};
use anyhow::{Context, Result, bail};
use candle_core::{DType, Device, Tensor, Var};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

use crate::value::data::Record;

/// One dense layer in floats: `w[j][i]` from input i to output j.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct DenseLayer {
    pub w: Vec<Vec<f32>>,
    pub b: Vec<f32>,
}

/// The trained network in floats, as the trainer holds it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Network {
    pub layers: Vec<DenseLayer>,
}

impl Network {
    /// The predicted final objective: the extrapolated objective plus the
    /// network's output on the inputs `x`.
    pub fn predict(&self, x: &[f32], extrapolated: f32) -> f32 {
        let mut a = x.to_vec();
        let last = self.layers.len() - 1;
        for (k, layer) in self.layers.iter().enumerate() {
            a = layer
                .w
                .iter()
                .zip(&layer.b)
                .map(|(row, b)| {
                    let v = b + row.iter().zip(&a).map(|(w, x)| w * x).sum::<f32>();
                    if k < last { v.max(0.0) } else { v }
                })
                .collect();
        }
        extrapolated + a[0]
    }

    pub fn read(path: &Path) -> Result<Network> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("{}: not a network", path.display()))
    }

    pub fn write(&self, path: &Path) -> Result<()> {
        let text = serde_json::to_string(self)?;
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
    }

    /// The bot's inference over this network's quantized weights, as the
    /// weights file would give it (the slices leak: a tool's lifetime).
    pub fn to_bot(&self) -> ValueNet {
        let layers: Vec<Layer> = self
            .layers
            .iter()
            .map(|layer| {
                let (q, scale) = quantize(layer);
                Layer {
                    w: Box::leak(q.into_boxed_slice()),
                    scale: Box::leak(scale.into_boxed_slice()),
                    bias: Box::leak(layer.b.clone().into_boxed_slice()),
                }
            })
            .collect();
        ValueNet {
            layers: Box::leak(layers.into_boxed_slice()),
        }
    }

    /// The bot's weights file: each layer's weights quantized to i16 with one
    /// scale per output unit, laid out input by input, as the text
    /// `ahc061::search::value::decode` reads (`encode`).
    pub fn to_rust(&self, command: &str) -> String {
        let mut s = String::new();
        s.push_str("//! The value model's weights (src/search/value.rs), written by\n");
        s.push_str("//! `train value` (tools/src/value/model.rs); do not edit. Made by:\n");
        s.push_str(&format!("//! `{command}`\n\n"));
        s.push_str("use crate::search::value::Encoded;\n\n");
        s.push_str("#[rustfmt::skip]\npub static LAYERS: &[Encoded] = &[\n");
        for layer in &self.layers {
            let (q, scale) = quantize(layer);
            s.push_str("    Encoded {\n        w: \"\\");
            // 32 weights a line; a `\` at a line's end drops the newline
            // and the next line's indentation from the string.
            for line in encode(&q).as_bytes().chunks(96) {
                s.push_str("\n            ");
                s.push_str(std::str::from_utf8(line).expect("ASCII"));
                s.push('\\');
            }
            s.push_str("\n        \",\n        scale: &[");
            for v in &scale {
                s.push_str(&format!("{v:e},"));
            }
            s.push_str("],\n        bias: &[");
            for v in &layer.b {
                s.push_str(&format!("{v:e},"));
            }
            s.push_str("],\n    },\n");
        }
        s.push_str("];\n");
        s
    }
}

/// Weights as the text of `ahc061::search::value::Encoded::w`: three
/// characters of `ALPHABET` per weight, its 16 bits the highest first.
pub fn encode(q: &[i16]) -> String {
    q.iter()
        .flat_map(|&v| {
            let bits = v as u16 as usize;
            [bits >> 12, (bits >> 6) & 63, bits & 63]
        })
        .map(|digit| ALPHABET[digit] as char)
        .collect()
}

/// A layer's weights as i16, input-major (`q[i * outputs + j]`), and each
/// output's scale: its largest weight maps to ±32 767.
fn quantize(layer: &DenseLayer) -> (Vec<i16>, Vec<f32>) {
    let outputs = layer.b.len();
    let inputs = layer.w[0].len();
    let scale: Vec<f32> = layer
        .w
        .iter()
        .map(|row| row.iter().fold(0f32, |m, w| m.max(w.abs())) / 32767.0)
        .map(|s| if s > 0.0 { s } else { 1.0 })
        .collect();
    let mut q = vec![0i16; inputs * outputs];
    for (j, row) in layer.w.iter().enumerate() {
        for (i, w) in row.iter().enumerate() {
            q[i * outputs + j] = (w / scale[j]).round().clamp(-32767.0, 32767.0) as i16;
        }
    }
    (q, scale)
}

/// What a training run is asked for.
pub struct Options {
    /// The hidden layers' widths.
    pub hidden: Vec<usize>,
    pub epochs: usize,
    pub batch: usize,
    pub lr: f64,
    pub weight_decay: f64,
    pub seed: u64,
    /// The weight of the paired error (the error on the differences within
    /// each group of leaves, [`crate::value::data::paired_error`]) in the
    /// loss, beside the plain squared error: what a move's choice depends
    /// on. With it, a minibatch holds whole groups.
    pub paired: f64,
    /// Whether the learning rate falls from `lr` to 0 along a half cosine
    /// over the run's steps (else it stays `lr`): the last epochs then
    /// settle instead of jumping about the minimum by a step's noise.
    pub cosine: bool,
}

/// The learning rate at `step` of `steps`: `lr`, or under `cosine` its
/// half-cosine decay to 0.
pub fn learning_rate(lr: f64, cosine: bool, step: usize, steps: usize) -> f64 {
    if !cosine || steps == 0 {
        return lr;
    }
    let done = step as f64 / steps as f64;
    0.5 * lr * (1.0 + (std::f64::consts::PI * done).cos())
}

/// One epoch's figures: mean squared errors on the training and held-out
/// positions, in objective units.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    pub train: f64,
    pub holdout: f64,
}

/// The inputs, the extrapolated objectives and the outcomes of `records` as
/// tensors.
struct Batch {
    x: Tensor,
    extrapolated: Tensor,
    outcome: Tensor,
    /// Row i averages the records of i's group: (I − groups) · e takes
    /// each error from its group's mean. Only for a paired loss.
    groups: Option<Tensor>,
}

fn batch(records: &[&Record], device: &Device, paired: bool) -> Result<Batch> {
    let n = records.len();
    let mut x = Vec::with_capacity(n * FEATURES);
    for r in records {
        x.extend_from_slice(&r.x);
    }
    let extrapolated: Vec<f32> = records.iter().map(|r| r.extrapolated).collect();
    let outcome: Vec<f32> = records.iter().map(|r| r.outcome).collect();
    let groups = if paired {
        Some(Tensor::from_vec(group_means(records), (n, n), device)?)
    } else {
        None
    };
    Ok(Batch {
        x: Tensor::from_vec(x, (n, FEATURES), device)?,
        extrapolated: Tensor::from_vec(extrapolated, n, device)?,
        outcome: Tensor::from_vec(outcome, n, device)?,
        groups,
    })
}

/// The matrix whose row i averages the records of i's group.
fn group_means(records: &[&Record]) -> Vec<f32> {
    let n = records.len();
    let mut means = vec![0f32; n * n];
    for (i, a) in records.iter().enumerate() {
        let members: Vec<usize> = (0..n).filter(|&j| records[j].group == a.group).collect();
        for &j in &members {
            means[i * n + j] = 1.0 / members.len() as f32;
        }
    }
    means
}

/// The network's variables: per layer a weight (outputs × inputs) and a
/// bias, drawn He-uniform from `rng`.
fn initial(widths: &[usize], rng: &mut Pcg64Mcg, device: &Device) -> Result<Vec<(Var, Var)>> {
    let mut vars = Vec::new();
    for pair in widths.windows(2) {
        let (inputs, outputs) = (pair[0], pair[1]);
        let bound = (6.0 / inputs as f64).sqrt() as f32;
        let w: Vec<f32> = (0..inputs * outputs)
            .map(|_| rng.random_range(-bound..bound))
            .collect();
        let w = Var::from_tensor(&Tensor::from_vec(w, (outputs, inputs), device)?)?;
        let b = Var::from_tensor(&Tensor::zeros(outputs, DType::F32, device)?)?;
        vars.push((w, b));
    }
    Ok(vars)
}

fn forward(vars: &[(Var, Var)], b: &Batch) -> Result<Tensor> {
    let mut a = b.x.clone();
    for (k, (w, bias)) in vars.iter().enumerate() {
        a = a
            .matmul(&w.as_tensor().t()?)?
            .broadcast_add(bias.as_tensor())?;
        if k + 1 < vars.len() {
            a = a.relu()?;
        }
    }
    Ok((a.squeeze(1)? + &b.extrapolated)?)
}

fn mse(vars: &[(Var, Var)], b: &Batch) -> Result<Tensor> {
    Ok((forward(vars, b)? - &b.outcome)?.sqr()?.mean_all()?)
}

/// The squared error plus `paired` × the squared error on the differences
/// within the batch's groups.
fn loss(vars: &[(Var, Var)], b: &Batch, paired: f64) -> Result<Tensor> {
    let error = (forward(vars, b)? - &b.outcome)?;
    let plain = error.sqr()?.mean_all()?;
    let Some(groups) = b.groups.as_ref().filter(|_| paired > 0.0) else {
        return Ok(plain);
    };
    let group_mean = groups.matmul(&error.unsqueeze(1)?)?.squeeze(1)?;
    let within = (error - group_mean)?.sqr()?.mean_all()?;
    Ok((plain + (within * paired)?)?)
}

/// The minibatches of an epoch: whole groups (records in a group lie
/// together in the file), in an order drawn from `rng`, up to `size`
/// records a batch (a larger group alone).
fn minibatches(records: &[Record], size: usize, rng: &mut Pcg64Mcg) -> Vec<Vec<usize>> {
    let mut groups: Vec<std::ops::Range<usize>> = Vec::new();
    let mut start = 0;
    for group in records.chunk_by(|a, b| a.group == b.group) {
        groups.push(start..start + group.len());
        start += group.len();
    }
    groups.shuffle(rng);
    let mut batches: Vec<Vec<usize>> = Vec::new();
    let mut current = Vec::new();
    for g in groups {
        if !current.is_empty() && current.len() + g.len() > size {
            batches.push(std::mem::take(&mut current));
        }
        current.extend(g);
    }
    if !current.is_empty() {
        batches.push(current);
    }
    batches
}

/// The mean squared error over `records`, in chunks.
fn mean_error(vars: &[(Var, Var)], records: &[&Record], device: &Device) -> Result<f64> {
    let mut sum = 0.0;
    for chunk in records.chunks(4096) {
        let b = batch(chunk, device, false)?;
        sum += mse(vars, &b)?.to_scalar::<f32>()? as f64 * chunk.len() as f64;
    }
    Ok(sum / records.len().max(1) as f64)
}

/// Fits the network on `train`, reporting each epoch's errors (the
/// held-out ones on `holdout`) to `progress`.
pub fn fit(
    train: &[Record],
    holdout: &[Record],
    options: &Options,
    mut progress: impl FnMut(usize, Epoch),
) -> Result<(Network, Vec<Epoch>)> {
    if train.is_empty() {
        bail!("no positions to train on");
    }
    if options.hidden.iter().any(|&w| w == 0 || w > MAX_WIDTH) {
        bail!("hidden widths must be 1 to {MAX_WIDTH}");
    }
    let device = Device::Cpu;
    let mut rng = Pcg64Mcg::seed_from_u64(options.seed);
    let mut widths = vec![FEATURES];
    widths.extend(&options.hidden);
    widths.push(1);
    let vars = initial(&widths, &mut rng, &device)?;
    let all: Vec<Var> = vars
        .iter()
        .flat_map(|(w, b)| [w.clone(), b.clone()])
        .collect();
    let params = ParamsAdamW {
        lr: options.lr,
        weight_decay: options.weight_decay,
        ..Default::default()
    };
    let mut opt = AdamW::new(all, params)?;
    let train_refs: Vec<&Record> = train.iter().collect();
    let holdout_refs: Vec<&Record> = holdout.iter().collect();
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut epochs = Vec::new();
    // Minibatches an epoch vary by a few with whole groups: the schedule
    // counts the first epoch's for every epoch, and stays at 0 past them.
    let mut steps = 0;
    let mut step = 0;
    for epoch in 0..options.epochs {
        let batches = if options.paired > 0.0 {
            minibatches(train, options.batch.max(1), &mut rng)
        } else {
            order.shuffle(&mut rng);
            order
                .chunks(options.batch.max(1))
                .map(<[usize]>::to_vec)
                .collect()
        };
        if epoch == 0 {
            steps = batches.len() * options.epochs;
        }
        for chunk in &batches {
            opt.set_learning_rate(learning_rate(options.lr, options.cosine, step, steps));
            step = (step + 1).min(steps);
            let records: Vec<&Record> = chunk.iter().map(|&k| &train[k]).collect();
            let b = batch(&records, &device, options.paired > 0.0)?;
            opt.backward_step(&loss(&vars, &b, options.paired)?)?;
        }
        let figures = Epoch {
            train: mean_error(&vars, &train_refs, &device)?,
            holdout: mean_error(&vars, &holdout_refs, &device)?,
        };
        progress(epoch + 1, figures);
        epochs.push(figures);
    }
    let mut layers = Vec::new();
    for (w, b) in &vars {
        layers.push(DenseLayer {
            w: w.as_tensor().to_vec2::<f32>()?,
            b: b.as_tensor().to_vec1::<f32>()?,
        });
    }
    Ok((Network { layers }, epochs))
}

/// The mean squared error of the extrapolated objective alone: the figure
/// the model starts from.
pub fn extrapolation_error(records: &[Record]) -> f64 {
    let n = records.len().max(1) as f64;
    records
        .iter()
        .map(|r| ((r.extrapolated - r.outcome) as f64).powi(2))
        .sum::<f64>()
        / n
}
